import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DEFERRED_ENTRY_ID, DEFERRED_LOADER, DEFERRED_MODULE_TYPE, deferModuleScripts } from './deferred-scripts'

const moduleText = 'import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");'

/** What React Router's <Scripts> renders (react-router 7: importmap, modulepreloads, then context and module scripts). */
function routerScripts(nonce: string): ReactNode {
  return createElement(
    Fragment,
    null,
    null,
    createElement('link', { rel: 'modulepreload', href: '/assets/entry.client.js', nonce }),
    [
      createElement('link', { key: '/assets/root.js', rel: 'modulepreload', href: '/assets/root.js', nonce }),
      createElement('link', { key: '/assets/entry.client.js', rel: 'modulepreload', href: '/assets/entry.client.js', nonce }),
    ],
    createElement(
      Fragment,
      null,
      createElement('script', { nonce, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: 'window.__reactRouterContext = {};' } }),
      createElement('script', { nonce, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: moduleText }, type: 'module', async: true }),
    ),
  )
}

describe('deferModuleScripts', () => {
  it('writes the module script inert with its modules listed, keeps the context script, and adds the loader', () => {
    const html = renderToStaticMarkup(createElement(Fragment, null, deferModuleScripts(routerScripts('n0nce'), 'n0nce')))
    expect(html).not.toContain('<link')
    expect(html).not.toContain('type="module"')
    expect(html).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>')
    expect(html).toContain(
      `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_ENTRY_ID}" data-modules="/assets/entry.client.js /assets/root.js">${moduleText}</script>`,
    )
    expect(html.endsWith(`<script nonce="n0nce">${DEFERRED_LOADER}</script>`)).toBe(true)
  })

  it('leaves an output without a module script as it is (after hydration <Scripts> renders nothing)', () => {
    expect(deferModuleScripts(null, '')).toBeNull()
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the test needs an inline script element like the ones the pages send
    const other = createElement('script', { dangerouslySetInnerHTML: { __html: '1' } })
    expect(deferModuleScripts(other, '')).toBe(other)
  })

  it('gives every element it returns a key', () => {
    const out = deferModuleScripts(routerScripts(''), '') as ReactElement<{ children: ReactNode[] }>
    const children = out.props.children
    expect(children.every((child) => isValidElement(child) && child.key !== null)).toBe(true)
  })

  it('is plain ES5 that parses', () => {
    expect(() => new Function(DEFERRED_LOADER)).not.toThrow()
    expect(DEFERRED_LOADER).not.toMatch(/=>|\bconst\b|\blet\b|`/)
  })
})
