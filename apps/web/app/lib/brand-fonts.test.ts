import { describe, expect, it } from 'vitest'
import { brandCss, webFontsDeclarations } from './brand-css'
import { fallbackFaces, FALLBACK_METRICS, fontStacks, webFontFaces, webFontsOf } from './brand-fonts'

const styles = {
  colors: {
    primary: '#1f3a5f',
    onPrimary: '#ffffff',
    accent: '#e5989b',
    background: '#ffffff',
    surface: '#faf7f5',
    text: '#1d1d1f',
    muted: '#5f5f66',
    border: '#e4dcd7',
    sale: '#b00020',
  },
  fonts: { body: "'DM Sans', system-ui, sans-serif", heading: "'Playfair Display', Georgia, serif" },
  letterSpacing: 'normal',
}

describe('brand fonts', () => {
  it('names no web font before the web-fonts class, and each web font before its stand-in after it', () => {
    expect(fontStacks("'Montserrat', system-ui, sans-serif")).toEqual({
      first: "'Montserrat fallback', system-ui, sans-serif",
      loaded: "'Montserrat', 'Montserrat fallback', system-ui, sans-serif",
    })
    // a stack of local fonts only stays as it is
    expect(fontStacks('Georgia, serif')).toEqual({ first: 'Georgia, serif', loaded: 'Georgia, serif' })
  })

  it('finds the web fonts of a stack, quoted or not', () => {
    expect(webFontsOf("'DM Sans', system-ui")).toEqual(['DM Sans'])
    expect(webFontsOf('Playfair Display, "Montserrat", serif')).toEqual(['Playfair Display', 'Montserrat'])
    expect(webFontsOf('system-ui, sans-serif')).toEqual([])
  })

  it('lists the faces to load, one per weight the store imports', () => {
    expect(webFontFaces([styles.fonts.body, styles.fonts.heading])).toBe("400 1em 'DM Sans'|700 1em 'DM Sans'|700 1em 'Playfair Display'")
    expect(webFontFaces(["'Montserrat', sans-serif", "'Montserrat', sans-serif"])).toBe("400 1em 'Montserrat'|600 1em 'Montserrat'|700 1em 'Montserrat'")
  })

  it('draws the stand-in from a local font of the same kind, over every weight, scaled to the web font', () => {
    const faces = fallbackFaces('Montserrat')
    expect(faces.match(/@font-face/g)).toHaveLength(3)
    expect(faces).toContain("font-family:'Montserrat fallback'")
    expect(faces).toContain('font-weight:1 500;')
    expect(faces).toContain('font-weight:501 650;')
    expect(faces).toContain('font-weight:651 1000;')
    expect(faces).toContain("local('Arial')")
    expect(faces).toContain("local('Arial Bold')")
    expect(faces).toContain('size-adjust:110.95%')
    // ascent 0.968 of the font size, before size-adjust scales it: 0.968 / 1.1095
    expect(faces).toContain('ascent-override:87.25%')
    expect(fallbackFaces('Playfair Display')).toContain("local('Times New Roman Bold')")
    expect(fallbackFaces('Comic Sans MS')).toBe('')
  })

  it('has figures for every face it loads', () => {
    for (const font of Object.values(FALLBACK_METRICS)) {
      for (const face of font.faces) {
        expect(face.sizeAdjust).toBeGreaterThan(0.8)
        expect(face.sizeAdjust).toBeLessThan(1.3)
        expect(face.ascent + face.descent).toBeGreaterThan(1)
      }
    }
  })
})

describe('brandCss', () => {
  it('starts with the stand-ins and lets the web fonts in with the class', () => {
    const css = brandCss(styles)
    expect(css).toContain("--font-body:'DM Sans fallback', system-ui, sans-serif")
    expect(css).toContain("--font-heading:'Playfair Display fallback', Georgia, serif")
    expect(css).toContain(":root.web-fonts{--font-body:'DM Sans', 'DM Sans fallback', system-ui, sans-serif;")
    expect(css).toContain(
      "[data-web-fonts-in]{--font-body:'DM Sans', 'DM Sans fallback', system-ui, sans-serif;--font-heading:'Playfair Display', 'Playfair Display fallback', Georgia, serif;font-family:var(--font-body)}",
    )
    expect(css).toContain("font-family:'DM Sans fallback'")
    expect(css).toContain("font-family:'Playfair Display fallback'")
    expect(webFontsDeclarations(styles)).toBe(
      "--font-body:'DM Sans', 'DM Sans fallback', system-ui, sans-serif;--font-heading:'Playfair Display', 'Playfair Display fallback', Georgia, serif",
    )
  })

  it('cannot be broken out of', () => {
    const css = brandCss({ ...styles, colors: { ...styles.colors, primary: 'red;}</style><script>' } })
    expect(css).not.toContain('</style>')
    expect(css).toContain('--color-primary:red/stylescript')
  })
})
