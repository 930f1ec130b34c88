/**
 * Content text (page bodies, text blocks, FAQ answers) into a small, safe node
 * tree that React renders as elements: never as HTML. Two inputs are read:
 *
 * - markdown-ish plain text: blank lines separate paragraphs, a single newline
 *   is a line break, `## heading`, `- item` / `1. item` lists, `**bold**`,
 *   `*italic*` / `_italic_`, `[text](link)`;
 * - simple HTML from the content service: an allow-list of tags (p, br, strong,
 *   b, em, i, a, ul, ol, li, h1-h6, blockquote); any other tag is dropped but its
 *   text kept, and script, style and similar elements are dropped whole.
 *
 * Links keep only http(s), mailto:, tel:, site-relative ('/x') and '#x'
 * addresses; anything else (javascript:, data:) loses its link and stays text.
 */

type BlockTag = 'p' | 'h2' | 'h3' | 'h4' | 'ul' | 'ol' | 'li' | 'blockquote'
type InlineTag = 'strong' | 'em' | 'a' | 'br'
type MarkupTag = BlockTag | InlineTag

interface MarkupText {
  type: 'text'
  text: string
}

interface MarkupElement {
  type: 'element'
  tag: MarkupTag
  /** only on `a`, and only a safe address */
  href?: string
  children: MarkupNode[]
}

export type MarkupNode = MarkupText | MarkupElement

const text = (value: string): MarkupText => ({ type: 'text', text: value })
const el = (tag: MarkupTag, children: MarkupNode[] = [], href?: string): MarkupElement =>
  href === undefined ? { type: 'element', tag, children } : { type: 'element', tag, children, href }

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this pattern finds and takes out
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g

/** A link address the page may carry, or null. */
export function safeHref(raw: string | null | undefined): string | null {
  if (!raw) return null
  // browsers ignore tabs, newlines and control characters in addresses ('java\tscript:'): so do we
  const href = raw.trim().replace(CONTROL_CHARACTERS, '').replace(/ /g, '%20')
  if (!href) return null
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href
  if (href.startsWith('#')) return href
  if (/^(https?:\/\/|mailto:|tel:)/i.test(href)) return href
  return null
}

// ----------------------------------------------------------------- entities

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  mdash: '\u2014',
  ndash: '\u2013',
  hellip: '\u2026',
  rsquo: '\u2019',
  lsquo: '\u2018',
  rdquo: '\u201d',
  ldquo: '\u201c',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
}

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED[name.toLowerCase()] ?? whole
  })
}

// ----------------------------------------------------------------- HTML subset

const TAG_MAP: Record<string, MarkupTag> = {
  p: 'p',
  div: 'p',
  br: 'br',
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  a: 'a',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  h1: 'h2',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h4',
  h6: 'h4',
  blockquote: 'blockquote',
}
/** Elements whose content is never text for the shopper. */
const DROP_WHOLE = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'head', 'title', 'textarea', 'select'])
const BLOCK_TAGS = new Set<MarkupTag>(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote'])

function looksLikeHtml(s: string): boolean {
  return /<\/?(p|br|strong|b|em|i|a|ul|ol|li|h[1-6]|div|span|blockquote)(\s[^>]*)?\/?>/i.test(s)
}

function attribute(attrs: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs)
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : null
}

function parseHtml(source: string): MarkupNode[] {
  const root = el('p')
  const stack: Array<{ node: MarkupElement; name: string }> = [{ node: root, name: '#root' }]
  const top = () => stack[stack.length - 1]!.node
  let dropping: string | null = null
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|(<)/g
  let m: RegExpExecArray | null
  // biome-ignore lint/suspicious/noAssignInExpressions: the usual RegExp exec loop, one match at a time until there is none
  while ((m = re.exec(source))) {
    if (m[0].startsWith('<!--')) continue
    const [, closing, rawName, attrs = '', chunk, stray] = m
    if (chunk !== undefined || stray !== undefined) {
      if (dropping) continue
      const value = decodeEntities(chunk ?? stray ?? '')
      if (value) top().children.push(text(value))
      continue
    }
    const name = rawName!.toLowerCase()
    if (dropping) {
      if (closing && name === dropping) dropping = null
      continue
    }
    if (DROP_WHOLE.has(name)) {
      if (!closing && !attrs.trim().endsWith('/')) dropping = name
      continue
    }
    const tag = TAG_MAP[name]
    if (!tag) continue // unknown tag (span, font...): keep its text only
    if (tag === 'br') {
      if (!closing) top().children.push(el('br'))
      continue
    }
    if (closing) {
      const at = stack.map((s) => s.name).lastIndexOf(name)
      if (at > 0) stack.length = at
      continue
    }
    // a new block closes an open paragraph (as HTML does), and li closes li
    if (BLOCK_TAGS.has(tag)) {
      while (stack.length > 1 && (stack[stack.length - 1]!.node.tag === 'p' || (tag === 'li' && stack[stack.length - 1]!.node.tag === 'li'))) stack.pop()
    }
    if (tag === 'a') {
      const href = safeHref(attribute(attrs, 'href'))
      if (!href) {
        // an unsafe link keeps its text: a transparent frame that writes into the parent
        stack.push({ node: top(), name })
        continue
      }
      const link = el('a', [], href)
      top().children.push(link)
      stack.push({ node: link, name })
      continue
    }
    const node = el(tag)
    top().children.push(node)
    if (!attrs.trim().endsWith('/')) stack.push({ node, name })
  }
  return normaliseBlocks(root.children)
}

// ----------------------------------------------------------------- markdown-ish

function parseInline(s: string): MarkupNode[] {
  const out: MarkupNode[] = []
  const re = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|(?<![\w])_([^_\s][^_]*)_(?![\w])|\n/g
  let last = 0
  let m: RegExpExecArray | null
  // biome-ignore lint/suspicious/noAssignInExpressions: the usual RegExp exec loop, one match at a time until there is none
  while ((m = re.exec(s))) {
    if (m.index > last) out.push(text(s.slice(last, m.index)))
    last = m.index + m[0].length
    if (m[0] === '\n') out.push(el('br'))
    else if (m[1] !== undefined) {
      const href = safeHref(m[2])
      out.push(...(href ? [el('a', parseInline(m[1]), href)] : parseInline(m[1])))
    } else if (m[3] !== undefined || m[4] !== undefined) out.push(el('strong', parseInline(m[3] ?? m[4] ?? '')))
    else out.push(el('em', parseInline(m[5] ?? m[6] ?? '')))
  }
  if (last < s.length) out.push(text(s.slice(last)))
  return out
}

function parseMarkdown(source: string): MarkupNode[] {
  const blocks: MarkupNode[] = []
  const paragraphs = source.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n+/)
  for (const raw of paragraphs) {
    const para = raw.replace(/^\n+|\s+$/g, '')
    if (!para.trim()) continue
    const lines = para.split('\n')
    const heading = /^(#{1,4})\s+(.*)$/.exec(para)
    if (heading && lines.length === 1) {
      const level = Math.min(4, heading[1]!.length + 1)
      blocks.push(el(`h${level}` as 'h2' | 'h3' | 'h4', parseInline(heading[2]!.trim())))
      continue
    }
    if (lines.every((line) => /^\s*[-*•]\s+/.test(line))) {
      blocks.push(
        el(
          'ul',
          lines.map((line) => el('li', parseInline(line.replace(/^\s*[-*•]\s+/, '').trim()))),
        ),
      )
      continue
    }
    if (lines.every((line) => /^\s*\d+[.)]\s+/.test(line))) {
      blocks.push(
        el(
          'ol',
          lines.map((line) => el('li', parseInline(line.replace(/^\s*\d+[.)]\s+/, '').trim()))),
        ),
      )
      continue
    }
    if (lines.every((line) => /^>\s?/.test(line))) {
      blocks.push(el('blockquote', [el('p', parseInline(lines.map((line) => line.replace(/^>\s?/, '')).join('\n')))]))
      continue
    }
    blocks.push(el('p', parseInline(lines.map((line) => line.trim()).join('\n'))))
  }
  return blocks
}

// ----------------------------------------------------------------- shared

/** Top-level inline runs wrapped in paragraphs; whitespace-only text between blocks dropped. */
function normaliseBlocks(nodes: MarkupNode[]): MarkupNode[] {
  const out: MarkupNode[] = []
  let run: MarkupNode[] = []
  const flush = () => {
    const hasText = run.some((n) => n.type === 'element' || n.text.trim() !== '')
    if (hasText) out.push(el('p', trimRun(run)))
    run = []
  }
  for (const node of nodes) {
    if (node.type === 'element' && BLOCK_TAGS.has(node.tag)) {
      flush()
      if (node.tag === 'li') out.push(el('ul', [node]))
      else if (!(node.tag === 'p' && node.children.every((c) => c.type === 'text' && c.text.trim() === ''))) out.push(node)
    } else run.push(node)
  }
  flush()
  return out
}

function trimRun(run: MarkupNode[]): MarkupNode[] {
  const copy = [...run]
  const first = copy[0]
  if (first?.type === 'text') copy[0] = text(first.text.replace(/^\s+/, ''))
  const last = copy[copy.length - 1]
  if (last?.type === 'text') copy[copy.length - 1] = text(last.text.replace(/\s+$/, ''))
  return copy.filter((n) => n.type === 'element' || n.text !== '')
}

/** Content text into safe block nodes; empty input gives []. */
export function parseMarkup(source: string | null | undefined): MarkupNode[] {
  if (!source?.trim()) return []
  return looksLikeHtml(source) ? parseHtml(source) : parseMarkdown(source)
}

/** The text of some nodes, for meta descriptions and alt text: tags gone, whitespace collapsed. */
export function markupText(nodes: MarkupNode[]): string {
  const parts: string[] = []
  const walk = (list: MarkupNode[]) => {
    for (const node of list) {
      if (node.type === 'text') parts.push(node.text)
      else if (node.tag === 'br') parts.push(' ')
      else {
        walk(node.children)
        if (BLOCK_TAGS.has(node.tag)) parts.push(' ')
      }
    }
  }
  walk(nodes)
  return parts.join('').replace(/\s+/g, ' ').trim()
}

/** A paragraph that is nothing but bold text ('**Shipping**'): the content's way of writing a heading. */
function boldParagraphText(node: MarkupNode | undefined): string | null {
  if (node?.type !== 'element' || node.tag !== 'p') return null
  const children = node.children.filter((c) => !(c.type === 'text' && c.text.trim() === ''))
  const only = children[0]
  if (children.length !== 1 || only?.type !== 'element' || only.tag !== 'strong') return null
  const text = markupText(only.children)
  return text || null
}

/** Bold-only paragraphs become headings of the given level; everything else is kept. */
export function promoteBoldParagraphs(nodes: MarkupNode[], tag: 'h2' | 'h3' = 'h2'): MarkupNode[] {
  return nodes.map((node) => {
    const text = boldParagraphText(node)
    return text ? el(tag, [{ type: 'text', text }]) : node
  })
}

/** A leading bold-only paragraph as a heading, and the rest: '**Returns**\n\nUnworn items...' -> ['Returns', [p(Unworn...)]]. */
export function splitLeadingHeading(nodes: MarkupNode[]): { heading: string | null; rest: MarkupNode[] } {
  const heading = boldParagraphText(nodes[0])
  return heading ? { heading, rest: nodes.slice(1) } : { heading: null, rest: nodes }
}
