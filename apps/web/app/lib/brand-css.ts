import type { BrandStyles } from './api/types'

/** The brand's colours, fonts and letter spacing as CSS variables. */
export function brandCss(styles: BrandStyles): string {
  const c = styles.colors
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
    '--font-body': styles.fonts.body,
    '--font-heading': styles.fonts.heading,
    '--letter-spacing': styles.letterSpacing,
  }
  const body = Object.entries(vars)
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, '')}`)
    .join(';')
  return `:root{${body}}`
}
