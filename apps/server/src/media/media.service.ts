/**
 * Generated images: product photos, banners, category tiles, sizing-guide
 * figures, customer/review "photos" (abstract portraits) and icons, all SVG,
 * drawn on request from what the URL says. Pure: no database, no I/O.
 *
 * URL scheme (every file ends in .svg; `{hex}` is a 6-digit colour without '#',
 * `{w}x{h}` pixel size 16..2400, `{text}` is encodeURIComponent(text), at most 120 characters):
 *
 *   /media/product/{itemId}-{garment}-{view}-{hex}-{w}x{h}.svg    e.g. /media/product/1001-leggings-front-1d1d1f-800x1000.svg
 *   /media/portrait/{brandId}-{seed}-{w}x{h}.svg                  customer and review photos
 *   /media/banner/{brandId}-{w}x{h}-{text}.svg                    banners, hero and content images
 *   /media/category/{brandId}-{garment}-{hex}-{w}x{h}-{text}.svg  category tiles, menu dropdown images, offer images
 *   /media/figure/{brandId}-{view}-{w}x{h}-{text}.svg             sizing-guide figures (front, side, back), text = size
 *   /media/icon/{name}-{hex}.svg                                   48x48 icons (ICON_NAMES)
 *
 * The brand of a product image comes from its item id: 1xxx popfitclothing, 2xxx ckb, 3xxx glow.
 */
import { BRANDS, type BrandId } from '../brands/registry.ts'
import { mulberry32 } from '../shared/prng.ts'

export const GARMENTS = [
  'leggings',
  'capris',
  'shorts',
  'bra',
  'tank',
  'tee',
  'longsleeve',
  'hoodie',
  'briefs',
  'thong',
  'boyshort',
  'bralette',
  'cami',
  'robe',
  'joggers',
  'socks',
  'set',
  'dress',
] as const
export type Garment = (typeof GARMENTS)[number]

export const PRODUCT_VIEWS = ['front', 'side', 'back', 'detail', 'plus', 'straight', 'model', 'pocket', 'instagram'] as const
export type ProductView = (typeof PRODUCT_VIEWS)[number]

const FIGURE_VIEWS = ['front', 'side', 'back'] as const
type FigureView = (typeof FIGURE_VIEWS)[number]

const MEDIA_KINDS = ['product', 'portrait', 'banner', 'category', 'figure', 'icon'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

const BRAND_IDS = BRANDS.map((brand) => brand.id)
const MIN_SIZE = 16
const MAX_SIZE = 2400
const MAX_TEXT = 120

export interface ProductImageSpec {
  itemId: number
  garment: Garment
  view: ProductView
  /** '#1d1d1f' or '1d1d1f' */
  color: string
  width: number
  height: number
}
export interface PortraitSpec {
  brandId: BrandId
  seed: number
  width: number
  height: number
}
export interface BannerSpec {
  brandId: BrandId
  width: number
  height: number
  text: string
}
export interface CategoryImageSpec {
  brandId: BrandId
  garment: Garment
  color: string
  width: number
  height: number
  text: string
}
export interface FigureSpec {
  brandId: BrandId
  view: FigureView
  width: number
  height: number
  /** the size shown on the figure, e.g. 'M' */
  text: string
}
export interface IconSpec {
  name: IconName
  color: string
}

export type MediaRequest =
  | ({ kind: 'product' } & ProductImageSpec)
  | ({ kind: 'portrait' } & PortraitSpec)
  | ({ kind: 'banner' } & BannerSpec)
  | ({ kind: 'category' } & CategoryImageSpec)
  | ({ kind: 'figure' } & FigureSpec)
  | ({ kind: 'icon' } & IconSpec)

// ---------------------------------------------------------------- URLs

const hex = (color: string) => color.replace(/^#/, '').toLowerCase()
const enc = (text: string) => encodeURIComponent(text.slice(0, MAX_TEXT))

export function productImageUrl(spec: ProductImageSpec): string {
  return `/media/product/${spec.itemId}-${spec.garment}-${spec.view}-${hex(spec.color)}-${spec.width}x${spec.height}.svg`
}
export function portraitUrl(spec: PortraitSpec): string {
  return `/media/portrait/${spec.brandId}-${spec.seed}-${spec.width}x${spec.height}.svg`
}
export function bannerUrl(spec: BannerSpec): string {
  return `/media/banner/${spec.brandId}-${spec.width}x${spec.height}-${enc(spec.text)}.svg`
}
export function categoryImageUrl(spec: CategoryImageSpec): string {
  return `/media/category/${spec.brandId}-${spec.garment}-${hex(spec.color)}-${spec.width}x${spec.height}-${enc(spec.text)}.svg`
}
export function figureUrl(spec: FigureSpec): string {
  return `/media/figure/${spec.brandId}-${spec.view}-${spec.width}x${spec.height}-${enc(spec.text)}.svg`
}
export function iconUrl(spec: IconSpec): string {
  return `/media/icon/${spec.name}-${hex(spec.color)}.svg`
}

// ---------------------------------------------------------------- parsing

const SIZE = '(\\d{2,4})x(\\d{2,4})'
const HEX = '([0-9a-f]{6})'
const BRAND = `(${BRAND_IDS.join('|')})`
const oneOf = (list: readonly string[]) => `(${list.join('|')})`
const TEXT = '([^\\u0000-\\u001f]{1,120})'

const PATTERNS = {
  product: new RegExp(`^(\\d{1,6})-${oneOf(GARMENTS)}-${oneOf(PRODUCT_VIEWS)}-${HEX}-${SIZE}\\.svg$`),
  portrait: new RegExp(`^${BRAND}-(\\d{1,9})-${SIZE}\\.svg$`),
  banner: new RegExp(`^${BRAND}-${SIZE}-${TEXT}\\.svg$`),
  category: new RegExp(`^${BRAND}-${oneOf(GARMENTS)}-${HEX}-${SIZE}-${TEXT}\\.svg$`),
  figure: new RegExp(`^${BRAND}-${oneOf(FIGURE_VIEWS)}-${SIZE}-${TEXT}\\.svg$`),
  icon: null as RegExp | null,
}

export function isMediaKind(kind: string): kind is MediaKind {
  return (MEDIA_KINDS as readonly string[]).includes(kind)
}

function dimension(value: string | undefined): number | null {
  const n = Number(value)
  return Number.isInteger(n) && n >= MIN_SIZE && n <= MAX_SIZE ? n : null
}

/** Reads a (decoded) file name of a kind; null when it is malformed. */
export function parseMediaFile(kind: MediaKind, file: string): MediaRequest | null {
  if (typeof file !== 'string' || file.length > 400) return null
  if (kind === 'icon') {
    const m = /^([a-z0-9-]{1,24})-([0-9a-f]{6})\.svg$/.exec(file)
    if (!m || !isIconName(m[1] ?? '')) return null
    return { kind, name: m[1] as IconName, color: `#${m[2]}` }
  }
  const pattern = PATTERNS[kind]
  const m = pattern?.exec(file)
  if (!m) return null
  switch (kind) {
    case 'product': {
      const width = dimension(m[5])
      const height = dimension(m[6])
      if (!width || !height) return null
      return { kind, itemId: Number(m[1]), garment: m[2] as Garment, view: m[3] as ProductView, color: `#${m[4]}`, width, height }
    }
    case 'portrait': {
      const width = dimension(m[3])
      const height = dimension(m[4])
      if (!width || !height) return null
      return { kind, brandId: m[1] as BrandId, seed: Number(m[2]), width, height }
    }
    case 'banner': {
      const width = dimension(m[2])
      const height = dimension(m[3])
      if (!width || !height) return null
      return { kind, brandId: m[1] as BrandId, width, height, text: m[4] ?? '' }
    }
    case 'category': {
      const width = dimension(m[4])
      const height = dimension(m[5])
      if (!width || !height) return null
      return { kind, brandId: m[1] as BrandId, garment: m[2] as Garment, color: `#${m[3]}`, width, height, text: m[6] ?? '' }
    }
    case 'figure': {
      const width = dimension(m[3])
      const height = dimension(m[4])
      if (!width || !height) return null
      return { kind, brandId: m[1] as BrandId, view: m[2] as FigureView, width, height, text: m[5] ?? '' }
    }
  }
}

export function renderMedia(request: MediaRequest): string {
  switch (request.kind) {
    case 'product':
      return renderProductSvg(request)
    case 'portrait':
      return renderPortraitSvg(request)
    case 'banner':
      return renderBannerSvg(request)
    case 'category':
      return renderCategorySvg(request)
    case 'figure':
      return renderFigureSvg(request)
    case 'icon':
      return renderIconSvg(request)
  }
}

// ---------------------------------------------------------------- helpers

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

function rgb(color: string): [number, number, number] {
  const h = hex(color)
  const n = /^[0-9a-f]{6}$/.test(h) ? Number.parseInt(h, 16) : 0x888888
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}
function toHex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0')
  return `#${c(r)}${c(g)}${c(b)}`
}
/** Mixes a colour toward another: t = 0 keeps a, 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = rgb(a)
  const y = rgb(b)
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}
const shade = (c: string, t: number) => (t >= 0 ? mix(c, '#ffffff', t) : mix(c, '#000000', -t))
function luminance(color: string): number {
  const [r, g, b] = rgb(color)
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255
}

function brandStyles(brandId: string | undefined) {
  return (BRANDS.find((b) => b.id === brandId) ?? BRANDS[0])!.styles
}
function brandForItem(itemId: number): string {
  const prefix = Math.floor(itemId / 1000)
  return prefix === 2 ? 'ckb' : prefix === 3 ? 'glow' : 'popfitclothing'
}

/** Deterministic randomness for a drawing: the same URL always draws the same picture. */
const prng = mulberry32

/** A short id unique to what is drawn, so SVGs inlined into one HTML page do not share gradient ids. */
function uid(...parts: (string | number)[]): string {
  let h = 0x811c9dc5
  for (const ch of parts.join('|')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193)
  return `g${(h >>> 0).toString(36)}`
}

function svgOpen(width: number, height: number, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">`
}
const r1 = (n: number) => Math.round(n * 10) / 10

// ---------------------------------------------------------------- garments

/**
 * Garment outlines in a 200x260 design box; `detail` is drawn over the body in a darker shade.
 * `back` details replace the front ones on back views.
 */
const GARMENT_SHAPES: Record<Garment, { body: string; detail: string; back?: string }> = {
  leggings: {
    body: 'M52 30H148L146 130L136 252H110L100 112L90 252H64L54 130Z',
    detail: 'M52 30H148V48H52Z',
    back: 'M52 30H148V48H52ZM70 60h24v22h-24ZM106 60h24v22h-24Z',
  },
  capris: {
    body: 'M52 30H148L146 126L138 200H110L100 112L90 200H62L54 126Z',
    detail: 'M52 30H148V48H52Z',
    back: 'M52 30H148V48H52ZM72 58h22v20h-22Z',
  },
  shorts: {
    body: 'M50 60H150L154 150L110 156L100 124L90 156L46 150Z',
    detail: 'M50 60H150V78H50Z',
    back: 'M50 60H150V78H50ZM128 90h16v28h-16Z',
  },
  bra: {
    body: 'M56 70Q62 36 74 22L82 26Q88 62 100 66Q112 62 118 26L126 22Q138 36 144 70L150 128H50Z',
    detail: 'M50 112H150V130H50Z',
    back: 'M50 112H150V130H50ZM82 30L100 96L118 30',
  },
  bralette: {
    body: 'M60 60L76 24L80 24L100 84L120 24L124 24L140 60L146 118H54Z',
    detail: 'M54 104H146V118H54ZM64 70Q100 98 136 70',
  },
  tank: {
    body: 'M72 20H84Q100 52 116 20H128Q130 62 148 78V232H52V78Q70 62 72 20Z',
    detail: 'M52 220H148V232H52Z',
  },
  tee: {
    body: 'M68 22Q100 42 132 22L172 46L158 84L144 76L146 232H54L56 76L42 84L28 46Z',
    detail: 'M68 22Q100 42 132 22L128 30Q100 48 72 30Z',
  },
  longsleeve: {
    body: 'M70 22Q100 40 130 22L170 44L184 196L164 200L148 92L146 232H54L52 92L36 200L16 196L30 44Z',
    detail: 'M16 190L36 194L34 204L14 200ZM164 194L184 190L186 200L166 204Z',
  },
  hoodie: {
    body: 'M70 40Q70 4 100 4Q130 4 130 40L170 52L184 200L164 204L150 100L148 236H52L50 100L36 204L16 200L30 52Z',
    detail: 'M80 40Q80 16 100 16Q120 16 120 40Q100 54 80 40ZM70 160H130V196H70Z',
  },
  briefs: {
    body: 'M40 70H160L156 100Q128 128 114 170H86Q72 128 44 100Z',
    detail: 'M40 70H160V84H40Z',
  },
  thong: {
    body: 'M40 70H160L150 90Q116 110 104 168H96Q84 110 50 90Z',
    detail: 'M40 70H160V80H40Z',
  },
  boyshort: {
    body: 'M40 66H160L164 146L112 156Q100 132 88 156L36 146Z',
    detail: 'M40 66H160V80H40ZM36 138L88 148L88 156L36 146ZM112 148L164 138V146L112 156Z',
  },
  cami: {
    body: 'M76 20H80L88 64H112L120 20H124L134 66L148 196H52L66 66Z',
    detail: 'M66 66Q100 84 134 66L134 72Q100 90 66 72Z',
  },
  dress: {
    body: 'M76 10H80L88 54H112L120 10H124L134 56L160 252H40L66 56Z',
    detail: 'M66 56Q100 74 134 56L134 62Q100 80 66 62Z',
  },
  robe: {
    body: 'M70 20L100 76L130 20L162 34L188 132L166 138L154 102L158 252H42L46 102L34 138L12 132L38 34Z',
    detail: 'M46 128H154V140H46ZM100 76L100 252',
  },
  joggers: {
    body: 'M46 30H154L160 132L152 236H112L100 116L88 236H48L40 132Z',
    detail: 'M46 30H154V50H46ZM48 228H88V252H48ZM112 228H152V252H112Z',
  },
  socks: {
    body: 'M56 20H96V150Q96 176 120 182Q140 188 138 208Q136 228 112 226H72Q56 226 56 200ZM108 40H148V170Q148 196 172 202Q192 208 190 228Q188 248 164 246H124Q108 246 108 220Z',
    detail: 'M56 20H96V36H56ZM108 40H148V56H108Z',
  },
  set: {
    body: 'M76 6H80L86 40H114L120 6H124L132 42L142 112H58L68 42ZM54 128H146L150 200L108 206L100 180L92 206L50 200Z',
    detail: 'M54 128H146V140H54Z',
  },
}

function garmentGroup(garment: Garment, color: string, back: boolean, transform: string): string {
  const shape = GARMENT_SHAPES[garment]
  const dark = shade(color, luminance(color) < 0.25 ? 0.22 : -0.22)
  const detail = back && shape.back ? shape.back : shape.detail
  return `<g transform="${transform}"><path d="${shape.body}" fill="${color}" stroke="${dark}" stroke-width="2" stroke-linejoin="round"/><path d="${detail}" fill="${dark}" fill-opacity=".55"/></g>`
}

function pocketGroup(color: string, transform: string): string {
  const dark = shade(color, luminance(color) < 0.25 ? 0.3 : -0.3)
  return `<g transform="${transform}"><path d="M114 58H144L142 116Q128 122 116 116Z" fill="${shade(color, luminance(color) < 0.25 ? 0.08 : -0.08)}" stroke="${dark}" stroke-width="1" stroke-dasharray="3 2"/></g>`
}

function figurePath(fill: string): string {
  return `<g fill="${fill}"><circle cx="100" cy="-26" r="22"/><path d="M70 0H130L150 60L148 150L136 290H110L100 150L90 290H64L52 150L50 60Z"/></g>`
}

export function renderProductSvg(spec: ProductImageSpec & { brandId?: string }): string {
  const { width, height, view, garment } = spec
  const color = `#${hex(spec.color)}`
  const styles = brandStyles(spec.brandId ?? brandForItem(spec.itemId))
  const bg = mix(styles.colors.surface, color, 0.1)
  const bg2 = mix(styles.colors.accent, color, 0.18)
  // fit the 200x260 design box into 76% of the canvas
  let scale = Math.min((width * 0.76) / 200, (height * 0.76) / 260)
  let sx = 1
  let cx = width / 2
  let cy = height / 2
  if (view === 'side') sx = 0.62
  if (view === 'plus') sx = 1.18
  if (view === 'straight') sx = 0.9
  if (view === 'detail') {
    scale *= 2.1
    cy = height / 2 + 70 * scale
  }
  if (view === 'pocket') {
    // zoom on the wearer's right hip, where the pocket sits (design box x 112-146, y 56-120)
    scale *= 2.2
    cx = width / 2 - (129 - 100) * scale
    cy = height / 2 - (88 - 130) * scale
  }
  const tx = r1(cx - 100 * scale * sx)
  const ty = r1(cy - 130 * scale)
  const transform = `translate(${tx} ${ty}) scale(${r1(scale * sx * 100) / 100} ${r1(scale * 100) / 100})`
  const model = view === 'model' || view === 'plus' || view === 'straight' ? `<g transform="${transform}">${figurePath(mix('#e8c4a8', bg, 0.35))}</g>` : ''
  const frame =
    view === 'instagram' ? `<rect x="12" y="12" width="${width - 24}" height="${height - 24}" rx="24" fill="none" stroke="${styles.colors.primary}" stroke-width="6"/>` : ''
  const label = `${garment} ${view} view`
  const id = uid('p', spec.itemId, garment, view, color, width, height)
  return (
    `${svgOpen(width, height, label)}<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>` +
    `<ellipse cx="${r1(width / 2)}" cy="${r1(height * 0.9)}" rx="${r1(width * 0.3)}" ry="${r1(height * 0.025)}" fill="#000" fill-opacity=".07"/>` +
    model +
    garmentGroup(garment, color, view === 'back', transform) +
    (view === 'pocket' ? pocketGroup(color, transform) : '') +
    frame +
    '</svg>'
  )
}

function fitFont(text: string, width: number, height: number, max: number): number {
  const byWidth = (width * 0.86) / Math.max(1, text.length * 0.58)
  return Math.max(10, Math.round(Math.min(max, byWidth, height * 0.34)))
}

export function renderBannerSvg(spec: BannerSpec): string {
  const { width, height, text } = spec
  const styles = brandStyles(spec.brandId)
  const a = styles.colors.primary
  const b = styles.palette[2] ?? styles.colors.text
  const fg = luminance(a) > 0.6 ? styles.colors.text : '#ffffff'
  const size = fitFont(text, width, height, 72)
  const rand = prng(width * 31 + height + text.length * 7)
  let dots = ''
  for (let i = 0; i < 5; i += 1) {
    dots += `<circle cx="${Math.round(rand() * width)}" cy="${Math.round(rand() * height)}" r="${Math.round(height * (0.2 + rand() * 0.5))}" fill="#fff" fill-opacity=".08"/>`
  }
  const id = uid('b', spec.brandId, width, height, text)
  return (
    `${svgOpen(width, height, text)}<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>${dots}` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${fg}">${escapeXml(text)}</text></svg>`
  )
}

function renderCategorySvg(spec: CategoryImageSpec): string {
  const { width, height, text, garment } = spec
  const color = `#${hex(spec.color)}`
  const styles = brandStyles(spec.brandId)
  const bg = mix(styles.colors.accent, color, 0.12)
  const textArea = height * 0.2
  const scale = Math.min((width * 0.6) / 200, ((height - textArea) * 0.78) / 260)
  const tx = r1(width / 2 - 100 * scale)
  const ty = r1((height - textArea) / 2 - 130 * scale + height * 0.03)
  const size = fitFont(text, width, textArea * 1.6, 48)
  return (
    `${svgOpen(width, height, text)}<rect width="${width}" height="${height}" fill="${bg}"/>` +
    `<circle cx="${r1(width / 2)}" cy="${r1((height - textArea) / 2)}" r="${r1(Math.min(width, height) * 0.36)}" fill="#fff" fill-opacity=".55"/>` +
    garmentGroup(garment, color, false, `translate(${tx} ${ty}) scale(${r1(scale * 100) / 100})`) +
    `<rect y="${r1(height - textArea)}" width="${width}" height="${r1(textArea)}" fill="${styles.colors.primary}"/>` +
    `<text x="50%" y="${r1(height - textArea / 2)}" dominant-baseline="middle" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${styles.colors.onPrimary}">${escapeXml(text)}</text></svg>`
  )
}

function renderFigureSvg(spec: FigureSpec): string {
  const { width, height, text, view } = spec
  const styles = brandStyles(spec.brandId)
  const scale = Math.min((width * 0.7) / 200, (height * 0.78) / 320)
  const sx = view === 'side' ? 0.55 : 1
  const tx = r1(width / 2 - 100 * scale * sx)
  const ty = r1(height * 0.14 + 48 * scale)
  const skin = mix('#e8c4a8', styles.colors.surface, 0.2)
  const lines = view === 'side' ? '' : `<path d="M50 60H150M54 110H146M58 150H142" stroke="${styles.colors.primary}" stroke-width="2" stroke-dasharray="6 4"/>`
  const size = fitFont(text, width * 0.4, height * 0.2, 40)
  return (
    `${svgOpen(width, height, `${text} ${view}`)}<rect width="${width}" height="${height}" fill="${styles.colors.surface}"/>` +
    `<g transform="translate(${tx} ${ty}) scale(${r1(scale * sx * 100) / 100} ${r1(scale * 100) / 100})">${figurePath(skin)}${lines}</g>` +
    `<text x="${r1(width * 0.06)}" y="${r1(height * 0.1)}" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${styles.colors.primary}">${escapeXml(text)}</text></svg>`
  )
}

function renderPortraitSvg(spec: PortraitSpec): string {
  const { width, height, seed } = spec
  const styles = brandStyles(spec.brandId)
  const rand = prng(seed * 2654435761)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T
  const bg = mix(pick(styles.palette), '#ffffff', 0.72)
  const skin = pick(['#f1d1b5', '#e0ac89', '#c68642', '#8d5524', '#f5deb3', '#a0674b'])
  const hair = pick(['#2b1b12', '#5a3825', '#b5874a', '#1a1a1a', '#7b3f1d', '#d9b36c'])
  const shirt = pick(styles.palette)
  const s = Math.min(width, height)
  const cx = r1(width / 2)
  const headY = r1(height * 0.42)
  const head = r1(s * 0.17)
  const long = rand() > 0.4
  const hairShape = long
    ? `<path d="M${r1(width / 2 - head * 1.25)} ${r1(height * 0.62)}Q${r1(width / 2 - head * 1.4)} ${r1(headY - head * 1.5)} ${cx} ${r1(headY - head * 1.2)}Q${r1(width / 2 + head * 1.4)} ${r1(headY - head * 1.5)} ${r1(width / 2 + head * 1.25)} ${r1(height * 0.62)}Z" fill="${hair}"/>`
    : `<circle cx="${cx}" cy="${r1(headY - head * 0.35)}" r="${r1(head * 1.08)}" fill="${hair}"/>`
  return (
    `${svgOpen(width, height, 'customer photo')}<rect width="${width}" height="${height}" fill="${bg}"/>` +
    `<circle cx="${r1(width * (0.15 + rand() * 0.7))}" cy="${r1(height * rand() * 0.4)}" r="${r1(s * 0.22)}" fill="#fff" fill-opacity=".35"/>` +
    hairShape +
    `<path d="M${r1(width / 2 - s * 0.36)} ${height}Q${r1(width / 2 - s * 0.34)} ${r1(height * 0.66)} ${cx} ${r1(height * 0.64)}Q${r1(width / 2 + s * 0.34)} ${r1(height * 0.66)} ${r1(width / 2 + s * 0.36)} ${height}Z" fill="${shirt}"/>` +
    `<circle cx="${cx}" cy="${headY}" r="${head}" fill="${skin}"/></svg>`
  )
}

// ---------------------------------------------------------------- icons (24x24 strokes, drawn at 48x48)

const ICONS = {
  leggings: 'M7 3h10l-1 18h-3l-1-11-1 11H8z',
  bra: 'M4 16c0-5 2-9 4-11m12 11c0-5-2-9-4-11M4 16h16M8 5c1 4 2 6 4 6s3-2 4-6',
  briefs: 'M3 7h18l-1 3c-3 2-5 4-6 9h-4c-1-5-3-7-6-9z',
  robe: 'M8 3l4 6 4-6 4 3 2 8-3 1-1-3v10H6V12l-1 3-3-1 2-8z',
  socks: 'M8 3h5v10c0 2 2 3 4 3.5S20 18 19 20s-3 1.5-5 1.5H10c-1.5 0-2-1-2-3z',
  top: 'M8 3c2 2 6 2 8 0l5 3-2 4-2-1v12H7V9L5 10 3 6z',
  fabric: 'M4 6c4-3 12 3 16 0M4 12c4-3 12 3 16 0M4 18c4-3 12 3 16 0',
  stretch: 'M3 12h18M7 8l-4 4 4 4m10-8 4 4-4 4',
  leaf: 'M5 19C5 10 10 5 20 4c-1 10-6 15-15 15zm0 0 8-8',
  drop: 'M12 3c4 5 6 8 6 11a6 6 0 0 1-12 0c0-3 2-6 6-11z',
  wash: 'M3 7h18l-2 12H5zM3 7c2 2 4 2 6 0 2 2 4 2 6 0 2 2 4 2 6 0',
  ruler: 'M3 16 16 3l5 5L8 21zm4-3 2 2m1-5 2 2m1-5 2 2',
  heart: 'M12 20S3 14 3 8.5A4.5 4.5 0 0 1 12 6a4.5 4.5 0 0 1 9 2.5C21 14 12 20 12 20z',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z',
  truck: 'M2 6h12v10H2zm12 4h4l3 3v3h-7zM6 19a2 2 0 1 0 0-.1zm11 0a2 2 0 1 0 0-.1z',
  return: 'M9 7 4 12l5 5M4 12h11a5 5 0 0 0 0-10h-2',
  lock: 'M6 11h12v10H6zm2 0V7a4 4 0 0 1 8 0v4',
  gift: 'M3 9h18v4H3zm2 4h14v8H5zm7-4v12M12 9c-2-5-7-4-5-1s5 1 5 1zm0 0c2-5 7-4 5-1s-5 1-5 1z',
  tag: 'M3 12V3h9l9 9-9 9zm5-4a1 1 0 1 0 0-.1z',
  check: 'M4 12l5 5L20 6',
  sparkle: 'M12 3l2 7 7 2-7 2-2 7-2-7-7-2 7-2z',
  moon: 'M20 14A8 8 0 1 1 10 4a7 7 0 0 0 10 10z',
  crown: 'M3 18h18L19 7l-4 4-3-6-3 6-4-4z',
  pocket: 'M5 4h14v9a7 7 0 0 1-14 0zm0 5h14',
  feather: 'M20 4C12 4 6 10 6 18l-2 2m2-2c8 0 14-6 14-14M9 15h6',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0-6v3m0 14v3M2 12h3m14 0h3M5 5l2 2m10 10 2 2M5 19l2-2m10-10 2-2',
  ruler2: 'M4 4h16v6H4zm3 0v3m3-3v3m3-3v3m3-3v3',
  mail: 'M3 6h18v12H3zm0 0 9 7 9-7',
  phone: 'M5 3h4l2 5-3 2a11 11 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
  cart: 'M3 4h3l2 11h11l2-8H7M9 20a1 1 0 1 0 0-.1zm9 0a1 1 0 1 0 0-.1z',
} as const
export type IconName = keyof typeof ICONS
export const ICON_NAMES = Object.keys(ICONS) as IconName[]
function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICONS, name)
}

function renderIconSvg(spec: IconSpec): string {
  const color = `#${hex(spec.color)}`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" role="img" aria-label="${escapeXml(spec.name)}"><path d="${ICONS[spec.name]}" fill="none" stroke="${color}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`
}
