/**
 * The brands' web fonts, loaded after the page's largest image rather than
 * beside it. Until then text is drawn in a local font (Arial or its metric twin
 * Liberation Sans; Times New Roman / Liberation Serif for a serif) scaled to take
 * the room the web font will take, so the swap moves nothing:
 *
 * - `:root` names the stand-in first ('Montserrat fallback'), so no web font is
 *   fetched while the page's first view loads;
 * - `:root.web-fonts` names the web font before it. The class is set by the
 *   script that starts the page's JavaScript once the largest image has been
 *   shown (lib/deferred-scripts.ts), after it has loaded the faces the page
 *   uses (data-web-fonts on <html>, so text is laid out again once, not once
 *   per font); at once on the next pages of the same visit (the fonts are in the
 *   browser's cache then: WEB_FONTS_SEEN in sessionStorage, which unlike
 *   localStorage is cheap to read before the first paint); and by <noscript>
 *   without JavaScript.
 *
 * FALLBACK_METRICS were measured in Chromium by scripts/font-fallback-metrics.mjs.
 */

interface FallbackMetrics {
  /** the web font's weight these figures are for */
  weight: number
  /** web font width / stand-in width over typical store copy */
  sizeAdjust: number
  /** the web font's ascent, descent and line gap as fractions of the font size */
  ascent: number
  descent: number
  lineGap: number
}

interface WebFont {
  serif: boolean
  /** one entry per weight the store loads (root.tsx imports the same @fontsource weights) */
  faces: FallbackMetrics[]
}

export const FALLBACK_METRICS: Record<string, WebFont> = {
  Montserrat: {
    serif: false,
    faces: [
      { weight: 400, sizeAdjust: 1.1095, ascent: 0.968, descent: 0.251, lineGap: 0 },
      { weight: 600, sizeAdjust: 1.0713, ascent: 0.968, descent: 0.251, lineGap: 0 },
      { weight: 700, sizeAdjust: 1.0924, ascent: 0.968, descent: 0.251, lineGap: 0 },
    ],
  },
  'DM Sans': {
    serif: false,
    faces: [
      { weight: 400, sizeAdjust: 1.027, ascent: 0.992, descent: 0.31, lineGap: 0 },
      { weight: 700, sizeAdjust: 1.0104, ascent: 0.992, descent: 0.31, lineGap: 0 },
    ],
  },
  'Playfair Display': {
    serif: true,
    faces: [{ weight: 700, sizeAdjust: 1.059, ascent: 1.082, descent: 0.251, lineGap: 0 }],
  },
}

/** The class on <html> that lets the web fonts in. */
export const WEB_FONTS_CLASS = 'web-fonts'
/**
 * The attribute that lets the web fonts into one part of the page before the
 * class lets them into all of it: the loader (lib/deferred-scripts.ts) marks the
 * page part by part, a frame each, so the text is laid out again in several
 * short tasks rather than one long one, then sets the class and takes the marks
 * off. A marked element gets the font variables of :root.web-fonts and the body's
 * font (it is marked only when its font is the body's).
 */
export const WEB_FONTS_PART = 'data-web-fonts-in'
/** sessionStorage key: this visit has loaded the brand's web fonts (they are in the browser's cache). */
export const WEB_FONTS_SEEN = 'web-fonts'

/** Local fonts of the same metrics, by the names Chromium, Safari and Firefox find them under. */
const LOCAL_NAMES = {
  sans: {
    regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo', 'Helvetica'],
    bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold', 'Helvetica Bold'],
  },
  serif: {
    regular: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos', 'Times'],
    bold: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'LiberationSerif-Bold', 'Tinos Bold', 'Times Bold'],
  },
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

const fallbackFamily = (family: string) => `${family} fallback`

/** The @font-face rules of a web font's stand-in: one per loaded weight, each over the weights nearest it. */
export function fallbackFaces(family: string): string {
  const font = FALLBACK_METRICS[family]
  if (!font) return ''
  const faces = [...font.faces].sort((a, b) => a.weight - b.weight)
  return faces
    .map((face, index) => {
      const from = index === 0 ? 1 : Math.floor((faces[index - 1]!.weight + face.weight) / 2) + 1
      const to = index === faces.length - 1 ? 1000 : Math.floor((face.weight + faces[index + 1]!.weight) / 2)
      const names = LOCAL_NAMES[font.serif ? 'serif' : 'sans'][face.weight >= 600 ? 'bold' : 'regular']
      return (
        `@font-face{font-family:'${fallbackFamily(family)}';src:${names.map((name) => `local('${name}')`).join(',')};` +
        `font-weight:${from} ${to};size-adjust:${percent(face.sizeAdjust)};` +
        `ascent-override:${percent(face.ascent / face.sizeAdjust)};descent-override:${percent(face.descent / face.sizeAdjust)};` +
        `line-gap-override:${percent(face.lineGap / face.sizeAdjust)}}`
      )
    })
    .join('')
}

function families(stack: string): string[] {
  return stack.split(',').map((name) => name.trim())
}

const unquoted = (name: string) => name.replace(/^['"]|['"]$/g, '')

/** The web fonts a font stack names ("'Montserrat', system-ui, sans-serif" -> ['Montserrat']). */
export function webFontsOf(stack: string): string[] {
  return families(stack)
    .map(unquoted)
    .filter((name) => name in FALLBACK_METRICS)
}

/**
 * A brand's font stack before its web fonts load (each web font replaced by its
 * stand-in) and after (each web font followed by its stand-in).
 */
export function fontStacks(stack: string): { first: string; loaded: string } {
  const first: string[] = []
  const loaded: string[] = []
  for (const name of families(stack)) {
    const family = unquoted(name)
    if (family in FALLBACK_METRICS) {
      first.push(`'${fallbackFamily(family)}'`)
      loaded.push(`'${family}'`, `'${fallbackFamily(family)}'`)
    } else {
      first.push(name)
      loaded.push(name)
    }
  }
  return { first: first.join(', '), loaded: loaded.join(', ') }
}

/**
 * The faces a brand's pages use, as document.fonts.load() takes them
 * ("400 1em 'Montserrat'|600 1em 'Montserrat'|..."), for data-web-fonts on <html>.
 */
export function webFontFaces(stacks: string[]): string {
  const faces: string[] = []
  for (const family of new Set(stacks.flatMap(webFontsOf))) {
    for (const face of FALLBACK_METRICS[family]!.faces) faces.push(`${face.weight} 1em '${family}'`)
  }
  return faces.join('|')
}

/** Sets the web-fonts class at once when this visit has loaded them before (an inline script at the top of <head>). */
export const WEB_FONTS_SEEN_SCRIPT = `try{if(sessionStorage.getItem(${JSON.stringify(WEB_FONTS_SEEN)}))document.documentElement.classList.add(${JSON.stringify(WEB_FONTS_CLASS)})}catch(e){}`

/** Sets the web-fonts class at once (development, where the page's scripts are not deferred). */
export const WEB_FONTS_NOW_SCRIPT = `document.documentElement.classList.add(${JSON.stringify(WEB_FONTS_CLASS)})`
