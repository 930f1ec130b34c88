/**
 * An e-mail's HTML (docs/emails.md): its text (the plain-text alternative, sent beside it as it
 * is) laid out in the brand's compiled layout (email-layout.ts), with the order's pictures beside
 * the pieces it names. Putting the compiled parts together is string work: no MJML per e-mail.
 */
import type { Brand } from '../brands/registry.ts'
import { escapeXml } from '../media/media.service.ts'
import { type BodyPart, bodyParts, figureOfItem, pieceOfItem } from './email-body.ts'
import { type EmailLayout, layoutOf } from './email-layout.ts'

/** A piece of the order the e-mail is about, with its picture (an absolute address). */
export interface EmailPicture {
  name: string
  color: string
  size: string
  src: string
}

export interface EmailToDraw {
  subject: string
  /** the e-mail's text, as queued */
  body: string
  /** the order's pieces with a picture (order-pictures.ts), when the e-mail is about an order */
  pictures?: readonly EmailPicture[]
}

/** The brand, at the origin this deployment publishes it at. */
export type EmailBrand = Pick<Brand, 'id' | 'name' | 'styles' | 'publicOrigin'>

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/@@([A-Z]+)@@/g, (token, name: string) => values[name] ?? token)
}

/** A line of text, escaped, its addresses made links (shown without the scheme). */
function linked(text: string, color: string): string {
  let html = ''
  let last = 0
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0]
    html += escapeXml(text.slice(last, match.index))
    html += `<a href="${escapeXml(url)}" style="color:${color};text-decoration:underline">${escapeXml(url.replace(/^https?:\/\//, ''))}</a>`
    last = match.index + url.length
  }
  return html + escapeXml(text.slice(last))
}

interface Drawing {
  layout: EmailLayout
  brand: EmailBrand
  pictures: readonly EmailPicture[]
  /** the pictures already shown beside a piece */
  shown: Set<EmailPicture>
}

const cell = (style: string, html: string, extra = '') => `<td${extra} style="padding:6px 0;vertical-align:top;${style}">${html}</td>`

function pictureCell(picture: EmailPicture | undefined): string {
  if (!picture) return cell('width:76px', '&nbsp;')
  // the name is beside it: the picture says nothing more to a screen reader
  return cell('width:76px', `<img src="${escapeXml(picture.src)}" alt="" width="64" style="display:block;width:64px;height:auto;border:0;border-radius:4px">`)
}

function pictureFor(drawing: Drawing, name: string, detail: string | null): EmailPicture | undefined {
  const named = drawing.pictures.filter((picture) => picture.name === name)
  const exact = named.find((picture) => detail?.includes(picture.color) && detail.includes(picture.size))
  return exact ?? named[0]
}

/** A list with pieces or figures: a table (a picture beside each piece where the order has one). */
function tableRows(drawing: Drawing, items: readonly string[]): string {
  const { colors } = drawing.brand.styles
  const rows = items.map((item) => {
    const piece = pieceOfItem(item)
    if (piece) {
      const picture = pictureFor(drawing, piece.name, piece.detail)
      if (picture) drawing.shown.add(picture)
      return { picture, piece, item }
    }
    return { picture: undefined, piece: null, item }
  })
  const withPictures = rows.some((row) => row.picture !== undefined)
  const html = rows.map(({ picture, piece, item }) => {
    const lead = withPictures ? pictureCell(picture) : ''
    if (piece) {
      const detail = piece.detail ? `<br><span style="color:${colors.muted};font-size:14px">${escapeXml(piece.detail)}</span>` : ''
      return `<tr>${lead}${cell('', `${piece.qty} × <strong>${escapeXml(piece.name)}</strong>${detail}`)}${cell('text-align:right;white-space:nowrap;padding-left:12px', escapeXml(piece.price ?? ''))}</tr>`
    }
    const figure = figureOfItem(item)
    const strong = figure && /^total\b/i.test(figure.label)
    const weight = strong ? 'font-weight:700;' : ''
    if (figure)
      return `<tr>${lead}${cell(weight, linked(figure.label, colors.primary))}${cell(`${weight}text-align:right;white-space:nowrap;padding-left:12px`, escapeXml(figure.value))}</tr>`
    return `<tr>${lead}${cell('', linked(item.replace(/^- /, ''), colors.primary), ' colspan="2"')}</tr>`
  })
  return html.join('')
}

/** The order's pictures no line named: a row of the pieces, shown once, where the e-mail speaks of the order as a whole. */
function picturesRows(drawing: Drawing): string {
  const { colors } = drawing.brand.styles
  return drawing.pictures
    .filter((picture) => !drawing.shown.has(picture))
    .map((picture) => {
      drawing.shown.add(picture)
      return `<tr>${pictureCell(picture)}${cell('', `<strong>${escapeXml(picture.name)}</strong><br><span style="color:${colors.muted};font-size:14px">${escapeXml(`${picture.color}, ${picture.size}`)}</span>`)}</tr>`
    })
    .join('')
}

function paragraph(drawing: Drawing, lines: readonly string[]): string {
  return `<p style="margin:0 0 4px">${lines.map((line) => linked(line, drawing.brand.styles.colors.primary)).join('<br>')}</p>`
}

function partHtml(drawing: Drawing, part: BodyPart): string {
  const { parts } = drawing.layout
  const { colors } = drawing.brand.styles
  switch (part.kind) {
    case 'greeting':
      return fill(parts.greeting, { CONTENT: escapeXml(part.text) })
    case 'paragraph':
      return fill(parts.text, { CONTENT: paragraph(drawing, part.lines) })
    case 'button':
      return fill(parts.button, { HREF: escapeXml(part.href), LABEL: escapeXml(part.label) })
    case 'signature':
      return fill(parts.signature, { CONTENT: escapeXml(part.text) })
    case 'list': {
      const lead = part.lead === null ? '' : fill(parts.text, { CONTENT: paragraph(drawing, [part.lead]) })
      const tabular = part.items.some((item) => pieceOfItem(item) !== null || figureOfItem(item) !== null)
      if (tabular) return lead + fill(parts.table, { CONTENT: tableRows(drawing, part.items) })
      const bullets = part.items.every((item) => item.startsWith('- '))
      const items = part.items.map((item) => linked(item.replace(/^- /, ''), colors.primary))
      const list = bullets
        ? `<ul style="margin:0 0 4px;padding-left:20px">${items.map((item) => `<li style="margin:0 0 4px">${item}</li>`).join('')}</ul>`
        : `<p style="margin:0 0 4px;padding-left:12px;border-left:3px solid ${colors.border}">${items.join('<br>')}</p>`
      return lead + fill(parts.text, { CONTENT: list })
    }
  }
}

/** The first words after the greeting: what an inbox shows beside the subject. */
function preview(parts: readonly BodyPart[]): string {
  const first = parts.find((part) => part.kind === 'paragraph' || (part.kind === 'list' && part.lead !== null))
  const text = first?.kind === 'paragraph' ? first.lines.join(' ') : first?.kind === 'list' ? (first.lead ?? '') : ''
  return text.length > 110 ? `${text.slice(0, 109)}…` : text
}

/** The e-mail's HTML in the brand's layout. */
export async function brandedHtml(brand: EmailBrand, email: EmailToDraw): Promise<string> {
  const layout = await layoutOf(brand)
  const parts = bodyParts(email.body, brand.name, email.subject)
  const drawing: Drawing = { layout, brand, pictures: email.pictures ?? [], shown: new Set() }
  const rows = parts.map((part) => partHtml(drawing, part))
  if (drawing.shown.size < drawing.pictures.length) {
    // pictures of the order no line named: after the first words, before the first button
    const pieces = fill(layout.parts.table, { CONTENT: picturesRows(drawing) })
    const at = parts.findIndex((part) => part.kind === 'button' || part.kind === 'signature')
    rows.splice(at < 0 ? rows.length : at, 0, pieces)
  }
  const origin = brand.publicOrigin
  return fill(layout.frame, {
    TITLE: escapeXml(email.subject),
    PREVIEW: escapeXml(preview(parts)),
    ORIGIN: escapeXml(origin),
    HOST: escapeXml(new URL(origin).host),
    ROWS: rows.join('\n'),
  })
}
