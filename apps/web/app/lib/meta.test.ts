import { describe, expect, it } from 'vitest'
import { checkoutMeta, pageMeta } from './meta'

const matches = [
  {
    id: 'root',
    loaderData: { settings: { storeName: 'PopFit Clothing', mainProductPlural: 'Leggings' }, brand: { name: 'popfitclothing', publicOrigin: 'http://localhost:3000' } },
  },
]

describe('page titles (SPEC §2)', () => {
  it("titles a checkout-type page 'Secure Checkout', as the spec says it, and hides it from search", () => {
    const meta = checkoutMeta({ matches, location: { pathname: '/checkout' } })
    expect(meta.filter((m) => 'title' in m)).toEqual([{ title: 'Secure Checkout' }])
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
  })
  it("titles other pages '{title} | {store name}'", () => {
    expect(pageMeta({ matches }, 'Member Login')[0]).toEqual({ title: 'Member Login | PopFit Clothing' })
  })
})
