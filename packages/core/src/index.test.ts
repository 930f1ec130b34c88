import { describe, it, expect } from 'vitest'
import * as core from './index.ts'

describe('@store/core public names (DESIGN §5)', () => {
  it('exports every function other code relies on', () => {
    const names = [
      'parseBoolean',
      'parseId',
      'parsePrice',
      'formatPrice',
      'toCents',
      'fromCents',
      'percentOfCents',
      'displaySize',
      'sortSizes',
      'normalizeSizes',
      'cardBrand',
      'validateCardNumber',
      'luhn',
      'formatCardNumber',
      'validateSecurityCode',
      'validateExpiry',
      'parseExpiryInput',
      'formatExpiryInput',
      'toAsciiDigits',
      'isValidFullName',
      'postalLabel',
      'formatPhone',
      'isValidPhone',
      'billingSameAsShipping',
      'foldBundles',
      'cartLineColors',
      'originalTotal',
      'parseDiscountClasses',
      'nextOfferPath',
      'isNewsletterClick',
      'readErrorList',
      'sizingGuideEntry',
      'isProtectedPath',
      'isCheckoutPath',
      'triedAndFailed',
    ] as const
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the test reads each exported name of the package by its string
    for (const name of names) expect(typeof core[name], name).toBe('function')
  })
  it('exports the checkout, club and safety rules', () => {
    const names = [
      'safeRedirectPath',
      'isSafeRedirectPath',
      'stripSecretParams',
      'isSecretParam',
      'passwordProblem',
      'transition',
      'memberActions',
      'nextBillingDate',
      'periodOf',
      'cutoffDate',
      'isPastCutoff',
      'retryDates',
      'retryTimes',
      'isLastRetry',
      'nextRetryDate',
      'amountDue',
      'taxCents',
      'findTaxRate',
      'rateTableTaxRule',
      'shippingOptions',
      'shippingCentsFor',
      'applyBundleOffers',
      'bundleOfferLabel',
      'computeCartTotals',
      'validateCheckoutAddress',
      'validateCheckoutForm',
      'validateCardForm',
      'billingAddressOf',
      'isValidEmail',
      'isCountryCode',
      'isUsStateCode',
      'monthName',
      'dayName',
    ] as const
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the test reads each exported name of the package by its string
    for (const name of names) expect(typeof core[name], name).toBe('function')
    expect(core.PICK_CUTOFF_DAYS).toBe(5)
    expect(core.MAX_PASSWORD_LENGTH).toBe(128)
  })
  it('keeps the common-password list out of the browser entry', () => {
    expect('isCommonPassword' in core).toBe(false)
    expect('passwordProblemWithCommonList' in core).toBe(false)
  })
  it('exports the constants', () => {
    expect(core.SECURITY_CODE_MAX_LENGTH).toBe(4)
    expect(core.EXPIRY_INPUT_MAX_LENGTH).toBe(9)
    expect(core.UNKNOWN_HOST).toBe('Unknown host')
    expect(core.PROTECTED_ROUTES).toContain('wishlist')
    expect(core.CHECKOUT_ROUTES).toContain('special-offer')
  })
})
