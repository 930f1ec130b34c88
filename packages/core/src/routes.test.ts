import { describe, it, expect } from 'vitest'
import { CHECKOUT_ROUTES, PROTECTED_ROUTES, contentSlugProblem, firstPathSegment, isClubLandingLink, isCheckoutPath, isProtectedPath, usesSlimLayout } from './routes.ts'

describe('protected routes', () => {
  it('lists the routes of SPEC §2', () => {
    expect(PROTECTED_ROUTES).toEqual([
      'members',
      'cancel-vip',
      'cancel_feedback',
      'cancel_error',
      'orders',
      'change_password',
      'change_payment',
      'skip-vip',
      'members_cancel_flow',
      'pause-vip',
      'wishlist',
    ])
  })
  it('matches by first path segment', () => {
    for (const r of PROTECTED_ROUTES) expect(isProtectedPath(`/${r}`)).toBe(true)
    expect(isProtectedPath('/orders/1001')).toBe(true)
    expect(isProtectedPath('/members?tab=1')).toBe(true)
    expect(isProtectedPath('/Wishlist/')).toBe(true)
    expect(isProtectedPath('/')).toBe(false)
    expect(isProtectedPath('/login')).toBe(false)
    expect(isProtectedPath('/members-only-sale')).toBe(false)
    expect(isProtectedPath('/item/orders')).toBe(false)
  })
})

describe('checkout routes', () => {
  it('covers the checkout funnel', () => {
    for (const r of CHECKOUT_ROUTES) expect(isCheckoutPath(`/${r}`)).toBe(true)
    expect(isCheckoutPath('/checkout-ob/12')).toBe(true)
    expect(isCheckoutPath('/special-offer/3')).toBe(true)
    expect(isCheckoutPath('/thank-you')).toBe(true)
    expect(isCheckoutPath('/category/leggings')).toBe(false)
    expect(isCheckoutPath('/checkouts')).toBe(false)
  })
  it('uses the slim layout for checkout and social media specials', () => {
    expect(usesSlimLayout('/checkout')).toBe(true)
    expect(usesSlimLayout('/social_media_specials/pf-vip-optin-csr')).toBe(true)
    expect(usesSlimLayout('/vip')).toBe(false)
  })
  it('reads the first path segment', () => {
    expect(firstPathSegment('//orders/1#x')).toBe('orders')
    expect(firstPathSegment('')).toBe('')
  })
})

describe('the club landing link', () => {
  it('is a link whose path is /vip, however it is written', () => {
    for (const link of ['/vip', '/VIP/', '/vip?from=cart', '/vip#faq', 'https://popfit.example/vip', '//popfit.example/vip/']) expect(isClubLandingLink(link), link).toBe(true)
  })

  it('is not another page of the club, nor no link', () => {
    for (const link of ['/vipterms', '/vip_exclusives', '/category/vip-exclusives', '/page/vip', 'https://vip.example/', '', null, undefined])
      expect(isClubLandingLink(link), String(link)).toBe(false)
  })
})

describe("a new content page's address", () => {
  it('takes lowercase words joined by hyphens', () => {
    for (const slug of ['summer-sale', 'pf24-drop', 'a', 'x1']) expect(contentSlugProblem(slug), slug).toBeNull()
  })

  it('refuses capitals, spaces, other signs, stray hyphens and an empty address, in words', () => {
    for (const slug of ['Summer-Sale', 'summer sale', 'summer_sale', 'summer/sale', '-sale', 'sale-', 'summer--sale', 'été'])
      expect(contentSlugProblem(slug), slug).toMatch(/lowercase letters, digits and hyphens/)
    expect(contentSlugProblem('')).toMatch(/Give the page an address/)
    expect(contentSlugProblem('a'.repeat(81))).toMatch(/at most 80/)
  })

  it("refuses the storefront's own routes, but not the content pages they show", () => {
    for (const slug of ['login', 'checkout', 'vip', 'category', 'page', 'members', 'admin', 'api', 'store-policies'])
      expect(contentSlugProblem(slug), slug).toBe(`/${slug} is a page of the store itself: pick another address.`)
    for (const slug of ['terms', 'about-us', 'care']) expect(contentSlugProblem(slug), slug).toBeNull()
  })
})
