// Measures, in Debian's Chromium, how a brand web font differs from the local
// font that stands in for it until it has loaded (Arial, or its metric twin
// Liberation Sans; Times New Roman / Liberation Serif for a serif), and prints
// the @font-face overrides that make the stand-in take the same room:
// size-adjust from the width of typical store copy, then ascent, descent and
// line gap (as fractions of the font size, before size-adjust is applied).
// The figures go into apps/web/app/lib/brand-fonts.ts (FALLBACK_METRICS).
//
//   node scripts/font-fallback-metrics.mjs
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium } from 'playwright-core'

const require = createRequire(import.meta.url)
const FACES = [
  { family: 'Montserrat', pkg: 'montserrat', weights: [400, 600, 700], serif: false },
  { family: 'DM Sans', pkg: 'dm-sans', weights: [400, 700], serif: false },
  { family: 'Playfair Display', pkg: 'playfair-display', weights: [700], serif: true },
]
// what the pages say, in the proportions they say it: headings, prices, buttons, body copy
const SAMPLE = [
  'Squat-proof. Buttery soft. Shop leggings at PopFit Clothing.',
  'Join VIP for member pricing and monthly picks. Free shipping on orders over $75.',
  'Signature High-Waist Legging $39.99 Add to cart Size chart Reviews (128)',
  'Zero lines. All comfort. Everyday Cotton Brief in Black, front view.',
  'Slow mornings, soft layers. Waffle Robe One Size. Any 5 pairs for $50.',
].join(' ')

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage()
  await page.setContent('<!doctype html><html><body></body></html>')
  const rows = []
  for (const face of FACES) {
    for (const weight of face.weights) {
      const file = require.resolve(`@fontsource/${face.pkg}/files/${face.pkg}-latin-${weight}-normal.woff2`)
      const data = readFileSync(file).toString('base64')
      const stand = face.serif ? 'Liberation Serif' : 'Liberation Sans'
      const measured = await page.evaluate(
        async ({ family, weight, data, stand, sample }) => {
          const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
          const font = new FontFace(`${family} measured`, bytes.buffer, { weight: String(weight) })
          await font.load()
          document.fonts.add(font)
          const size = 1000
          const measure = (fontFamily) => {
            const context = document.createElement('canvas').getContext('2d')
            context.font = `${weight} ${size}px ${fontFamily}`
            const text = context.measureText(sample)
            const line = document.createElement('div')
            line.style.cssText = `font: ${weight} ${size}px ${fontFamily}; line-height: normal; position: absolute; white-space: nowrap`
            line.textContent = 'Hxg'
            document.body.append(line)
            const height = line.getBoundingClientRect().height
            line.remove()
            return { width: text.width, ascent: text.fontBoundingBoxAscent, descent: text.fontBoundingBoxDescent, height }
          }
          return { web: measure(`'${family} measured'`), local: measure(`'${stand}'`), size }
        },
        { family: face.family, weight, data, stand, sample: SAMPLE },
      )
      const { web, local, size } = measured
      const sizeAdjust = web.width / local.width
      const lineGap = Math.max(0, web.height - web.ascent - web.descent)
      rows.push({
        family: face.family,
        weight,
        serif: face.serif,
        sizeAdjust: +sizeAdjust.toFixed(4),
        ascent: +(web.ascent / size).toFixed(4),
        descent: +(web.descent / size).toFixed(4),
        lineGap: +(lineGap / size).toFixed(4),
      })
    }
  }
  console.log(JSON.stringify(rows, null, 2))
} finally {
  await browser.close()
}
