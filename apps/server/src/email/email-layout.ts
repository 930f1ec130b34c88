/**
 * The store's e-mail template, written in MJML (docs/emails.md): one layout per brand, in the
 * brand's colours, fonts and wordmark (the brand registry's look, as the storefront draws it),
 * with the parts an e-mail's text is laid out in (email-body.ts): a greeting, text, a button, a
 * table of pieces and figures, a signature.
 *
 * MJML is slow (milliseconds a document, and its first use loads a large library), so each
 * brand's layout is compiled once, when the server starts (prepareEmailLayouts), and kept: an
 * e-mail is then the compiled parts put together, its words put in their @@tokens@@, escaped.
 */
import type { Brand, BrandId } from '../brands/registry.ts'
import { escapeXml } from '../media/media.service.ts'

/** A part of the layout: a row of the content column, its words in @@CONTENT@@ (@@HREF@@ and @@LABEL@@ for the button). */
type LayoutPart = 'greeting' | 'text' | 'button' | 'table' | 'signature'

const PARTS: readonly LayoutPart[] = ['greeting', 'text', 'button', 'table', 'signature']

/** A brand's compiled layout. */
export interface EmailLayout {
  /** the whole document: @@TITLE@@, @@PREVIEW@@, @@ORIGIN@@, @@HOST@@ and @@ROWS@@ (the parts, in order) to fill */
  frame: string
  parts: Record<LayoutPart, string>
}

type BrandLook = Pick<Brand, 'id' | 'name' | 'styles'>

const attr = (text: string) => escapeXml(text)

/** The MJML of a brand's layout. The brand's look is written in; what differs per e-mail (and per deployment: the origin) is a token. */
function layoutMjml(brand: BrandLook): string {
  const { colors, fonts, letterSpacing } = brand.styles
  return `<mjml lang="en">
  <mj-head>
    <mj-title>@@TITLE@@</mj-title>
    <mj-preview>@@PREVIEW@@</mj-preview>
    <mj-attributes>
      <mj-all font-family="${attr(fonts.body)}" />
      <mj-text font-size="16px" line-height="1.55" color="${colors.text}"${/^\d+(\.\d+)?(px|em)$/.test(letterSpacing) ? ` letter-spacing="${letterSpacing}"` : ''} padding="8px 24px" />
      <mj-button background-color="${colors.primary}" color="${colors.onPrimary}" font-size="16px" font-weight="600" border-radius="6px" inner-padding="12px 24px" padding="12px 24px" />
      <mj-table color="${colors.text}" font-size="15px" line-height="1.45" padding="8px 24px" />
      <mj-section padding="0" />
    </mj-attributes>
    <mj-style>
      a { color: ${colors.primary}; }
    </mj-style>
  </mj-head>
  <mj-body background-color="${colors.surface}" width="600px">
    <mj-section background-color="${colors.primary}" padding="20px 0">
      <mj-column>
        <mj-text align="center" font-family="${attr(fonts.heading)}" font-size="26px" line-height="1.2" letter-spacing="1px" color="${colors.onPrimary}"><a href="@@ORIGIN@@" style="color:${colors.onPrimary};text-decoration:none;font-weight:700">${escapeXml(brand.name)}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${colors.background}" padding="16px 0 20px">
      <mj-column>
        <mj-raw><!--part:greeting--></mj-raw>
        <mj-text font-family="${attr(fonts.heading)}" font-size="22px" line-height="1.3" padding="16px 24px 4px">@@CONTENT@@</mj-text>
        <mj-raw><!--part:text--></mj-raw>
        <mj-text>@@CONTENT@@</mj-text>
        <mj-raw><!--part:button--></mj-raw>
        <mj-button href="@@HREF@@" align="left">@@LABEL@@</mj-button>
        <mj-raw><!--part:table--></mj-raw>
        <mj-table>@@CONTENT@@</mj-table>
        <mj-raw><!--part:signature--></mj-raw>
        <mj-text color="${colors.muted}" padding="12px 24px 8px">@@CONTENT@@</mj-text>
        <mj-raw><!--parts:end--></mj-raw>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 24px">
      <mj-column>
        <mj-text align="center" font-size="13px" color="${colors.muted}">${escapeXml(brand.name)} · <a href="@@ORIGIN@@" style="color:${colors.muted}">@@HOST@@</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`
}

/** Cuts the compiled document into its frame and its parts (the rows between the part markers). */
function cutLayout(html: string): EmailLayout {
  const start = html.indexOf('<!--part:greeting-->')
  const end = html.indexOf('<!--parts:end-->')
  if (start < 0 || end < start) throw new Error('e-mail layout: the part markers are missing from the compiled MJML')
  const pieces = html.slice(start, end).split(/<!--part:([a-z]+)-->/)
  const parts: Partial<Record<LayoutPart, string>> = {}
  for (let index = 1; index < pieces.length; index += 2) parts[pieces[index] as LayoutPart] = pieces[index + 1]!.trim()
  for (const part of PARTS) if (!parts[part]) throw new Error(`e-mail layout: no ${part} part in the compiled MJML`)
  return { frame: `${html.slice(0, start)}@@ROWS@@${html.slice(end + '<!--parts:end-->'.length)}`, parts: parts as Record<LayoutPart, string> }
}

/** Compiles a brand's layout (strict: an MJML mistake stops it, rather than sending a broken e-mail). */
export async function compileLayout(brand: BrandLook): Promise<EmailLayout> {
  const { default: mjml } = await import('mjml')
  const result = await mjml(layoutMjml(brand), { validationLevel: 'strict', keepComments: true })
  return cutLayout(result.html)
}

const compiled = new Map<BrandId, Promise<EmailLayout>>()

/** The brand's compiled layout: compiled on first need (prepareEmailLayouts does it at start-up), then kept. */
export function layoutOf(brand: BrandLook & { id: BrandId }): Promise<EmailLayout> {
  let layout = compiled.get(brand.id)
  if (!layout) {
    layout = compileLayout(brand)
    // a failed compilation is tried again next time, not kept
    layout.catch(() => compiled.delete(brand.id))
    compiled.set(brand.id, layout)
  }
  return layout
}

/** Compiles every brand's layout now (at start-up, so no e-mail waits for MJML); resolves with the milliseconds it took. */
export async function prepareEmailLayouts(brands: readonly (BrandLook & { id: BrandId })[]): Promise<number> {
  const started = performance.now()
  await Promise.all(brands.map((brand) => layoutOf(brand)))
  return Math.round(performance.now() - started)
}
