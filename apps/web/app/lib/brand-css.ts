import type { BrandStyles } from './api/types'
import { fallbackFaces, fontStacks, WEB_FONTS_CLASS, WEB_FONTS_PART, webFontsOf } from './brand-fonts'

const clean = (value: string) => value.replace(/[<>{};]/g, '')

function declarations(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => `${name}:${clean(value)}`)
    .join(';')
}

/**
 * The brand's colours, fonts and letter spacing as CSS variables. The fonts
 * start as the web fonts' local stand-ins and become the web fonts with the
 * web-fonts class, or part by part before it with the data-web-fonts-in
 * attribute (lib/brand-fonts.ts).
 */
export function brandCss(styles: BrandStyles): string {
  // every page of a brand asks for the same text: made once per set of styles (on the server)
  if (!import.meta.env.SSR) return makeBrandCss(styles)
  const c = styles.colors
  const f = styles.fonts
  const key = [c.primary, c.onPrimary, c.accent, c.background, c.surface, c.text, c.muted, c.border, c.sale, f.body, f.heading, styles.letterSpacing].join('\u0000')
  let css = madeCss.get(key)
  if (css === undefined) {
    if (madeCss.size >= 64) madeCss.clear()
    // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
    madeCss.set(key, (css = makeBrandCss(styles)))
  }
  return css
}

const madeCss = new Map<string, string>()

function makeBrandCss(styles: BrandStyles): string {
  const c = styles.colors
  const body = fontStacks(styles.fonts.body)
  const heading = fontStacks(styles.fonts.heading)
  const vars: Record<string, string> = {
    '--color-primary': c.primary,
    '--color-on-primary': c.onPrimary,
    '--color-accent': c.accent,
    '--color-background': c.background,
    '--color-surface': c.surface,
    '--color-text': c.text,
    '--color-muted': c.muted,
    '--color-border': c.border,
    '--color-sale': c.sale,
    '--font-body': body.first,
    '--font-heading': heading.first,
    '--letter-spacing': styles.letterSpacing,
  }
  const faces = [...new Set([...webFontsOf(styles.fonts.body), ...webFontsOf(styles.fonts.heading)])].map(fallbackFaces).join('')
  const loaded = webFontsDeclarations(styles)
  return `:root{${declarations(vars)}}:root.${WEB_FONTS_CLASS}{${loaded}}[${WEB_FONTS_PART}]{${loaded};font-family:var(--font-body)}${faces}`
}

/** The font variables with the web fonts in (for :root.web-fonts, and for <noscript>). */
export function webFontsDeclarations(styles: BrandStyles): string {
  return declarations({ '--font-body': fontStacks(styles.fonts.body).loaded, '--font-heading': fontStacks(styles.fonts.heading).loaded })
}
