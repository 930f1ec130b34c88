import { describe, it, expect } from 'vitest'
import { hasUtmParams, isNewsletterClick, pickUtmParams } from './marketing.ts'

describe('isNewsletterClick', () => {
  it('is true for utm_source or utm_medium email_newsletter', () => {
    expect(isNewsletterClick({ utm_source: 'email_newsletter' })).toBe(true)
    expect(isNewsletterClick({ utm_medium: 'email_newsletter' })).toBe(true)
    expect(isNewsletterClick(new URLSearchParams('utm_medium=email_newsletter'))).toBe(true)
  })
  it('is true for a campaign containing newsletter, any case', () => {
    expect(isNewsletterClick({ utm_campaign: 'june-Newsletter-drop' })).toBe(true)
    expect(isNewsletterClick(new URLSearchParams('utm_campaign=NEWSLETTER'))).toBe(true)
  })
  it('is false otherwise', () => {
    expect(isNewsletterClick({})).toBe(false)
    expect(isNewsletterClick({ utm_source: 'email', utm_medium: 'newsletter_email' })).toBe(false)
    expect(isNewsletterClick({ utm_source: 'facebook', utm_campaign: 'summer' })).toBe(false)
    expect(isNewsletterClick({ utm_campaign: undefined })).toBe(false)
    expect(isNewsletterClick(new URLSearchParams('utm_source=instagram'))).toBe(false)
  })
})

describe('utm parameters', () => {
  it('picks the non-empty utm_* parameters', () => {
    expect(pickUtmParams(new URLSearchParams('utm_source=fb&utm_medium=&coupon=x&utm_term=leggings'))).toEqual({
      utm_source: 'fb',
      utm_term: 'leggings',
    })
    expect(hasUtmParams({ utm_content: 'a' })).toBe(true)
    expect(hasUtmParams({ coupon: 'a' })).toBe(false)
  })
})
