import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

const require = createRequire(import.meta.url)

export const PORT = Number(process.env.E2E_PORT ?? 3000)

export const BRANDS = [
  { id: 'popfitclothing', host: 'localhost', mainPath: '/category/leggings' },
  { id: 'ckb', host: 'ckb.localhost', mainPath: '/category/underwear' },
  { id: 'glow', host: 'glow.localhost', mainPath: '/category/loungewear' },
] as const

export const originOf = (host: string) => `http://${host}:${PORT}`

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
    ],
  })
}

export async function newPage(browser: Browser, options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const context: BrowserContext = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
  })
  const page: Page = await context.newPage()
  return { context, page }
}

/** The API answer the page's own session sees (same cookies, same origin). */
export async function apiFromPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'same-origin' })
    const body = (await response.json()) as { data: unknown }
    return body.data
  }, path) as Promise<T>
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/** axe-core's serious and critical violations on the page as it stands. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluated through the DevTools protocol: the page's CSP (no inline scripts without a nonce) does not apply
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  })
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
}

/** What has focus, as a keyboard or screen-reader user meets it: its tag, text or label, and whether its focus ring shows. */
export async function focused(page: Page): Promise<{ tag: string; name: string; focusVisible: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement
    if (!active || active === document.body) return { tag: 'body', name: '', focusVisible: false }
    const name = active.getAttribute('aria-label') ?? (active instanceof HTMLInputElement ? active.name : (active.textContent ?? '').trim())
    return { tag: active.tagName.toLowerCase(), name, focusVisible: active.matches(':focus-visible') }
  })
}
