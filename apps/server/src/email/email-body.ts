/**
 * An e-mail's plain text read as the parts its HTML is drawn from (docs/emails.md). Every e-mail
 * of the store is written as text by its builder (welcomeEmail, orderConfirmationEmail ...), and
 * that text stays the e-mail's plain-text alternative, word for word; the HTML says the same
 * words, laid out:
 *
 * - `Hi Ana,` alone on the first paragraph: the greeting;
 * - a paragraph's lines indented by spaces: a list ('  - ' bullets, '  1 x Tee (Pink, M)  $20.00'
 *   pieces, '  Total  $40.00' figures: a label and a value two spaces apart), the line before them
 *   its lead;
 * - a line that is only `Label: https://...` (or a line ending in ':' followed by a line that is
 *   only an address): a button;
 * - the brand's name as the last line: the signature.
 *
 * Blank lines part paragraphs; other addresses in a line become links.
 */

export type BodyPart =
  | { kind: 'greeting'; text: string }
  | { kind: 'paragraph'; lines: string[] }
  /** items as written, trimmed: a bullet keeps its '- ' */
  | { kind: 'list'; lead: string | null; items: string[] }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'signature'; text: string }

const URL_ONLY = /^https?:\/\/\S+$/
const LABELLED_URL = /^([^:]{2,80}):\s+(https?:\/\/\S+)$/
const GREETING = /^(Hi|Hello|Dear)\b.{0,60},$/

/** The parts of a paragraph's lines: indented runs are lists, `Label: URL` lines buttons. */
function partsOfParagraph(lines: string[], subject: string): BodyPart[] {
  const parts: BodyPart[] = []
  let text: string[] = []
  const flush = () => {
    if (text.length > 0) parts.push({ kind: 'paragraph', lines: text })
    text = []
  }
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!
    if (/^\s+\S/.test(line)) {
      // an indented run: the list, led by the unindented line just before it
      const items: string[] = []
      while (index < lines.length && /^\s+\S/.test(lines[index]!)) {
        items.push(lines[index]!.trim())
        index += 1
      }
      index -= 1
      const lead = text.length > 0 ? (text.pop() ?? null) : null
      flush()
      parts.push({ kind: 'list', lead, items })
      continue
    }
    const labelled = LABELLED_URL.exec(line)
    if (labelled) {
      flush()
      parts.push({ kind: 'button', label: labelled[1]!.trim(), href: labelled[2]! })
      continue
    }
    if (URL_ONLY.test(line) && index > 0 && lines[index - 1]!.endsWith(':')) {
      // 'Reset the password ... here:' then the address: the words stay, the address is the button
      flush()
      parts.push({ kind: 'button', label: subject.length <= 40 ? subject : 'Open the link', href: line })
      continue
    }
    text.push(line)
  }
  flush()
  return parts
}

/** The parts of an e-mail's text, in order. `brandName` is its signature; `subject` labels a bare address's button. */
export function bodyParts(body: string, brandName: string, subject: string): BodyPart[] {
  const lines = body.replace(/\r\n?/g, '\n').replace(/\s+$/, '').split('\n')
  let signature: string | null = null
  if (lines.length > 1 && lines.at(-1)!.trim() === brandName) {
    signature = lines.pop()!.trim()
  }
  const paragraphs: string[][] = []
  let current: string[] = []
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.length > 0) paragraphs.push(current)
      current = []
    } else current.push(line.replace(/\s+$/, ''))
  }
  if (current.length > 0) paragraphs.push(current)

  const parts: BodyPart[] = []
  paragraphs.forEach((paragraph, index) => {
    if (index === 0 && paragraph.length === 1 && GREETING.test(paragraph[0]!)) parts.push({ kind: 'greeting', text: paragraph[0]! })
    else parts.push(...partsOfParagraph(paragraph, subject))
  })
  if (signature !== null) parts.push({ kind: 'signature', text: signature })
  return parts
}

/** A piece line of a list: '2 x Everyday Tee (Pink, M)  $40.00' -> its name and the rest. */
export function pieceOfItem(item: string): { qty: number; name: string; detail: string | null; price: string | null } | null {
  const match = /^(\d+) x (.+?)(?: \(([^()]*)\))?(?:\s{2,}(\S.*))?$/.exec(item)
  if (!match) return null
  return { qty: Number(match[1]), name: match[2]!, detail: match[3] ?? null, price: match[4] ?? null }
}

/** A figure line of a list: 'Total  $40.00' -> label and value (two spaces or more apart). */
export function figureOfItem(item: string): { label: string; value: string } | null {
  const match = /^(\S.*?)\s{2,}(\S.*)$/.exec(item)
  return match ? { label: match[1]!, value: match[2]! } : null
}
