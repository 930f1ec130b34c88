import { describe, expect, it } from 'vitest'
import { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail } from './email-address.ts'

describe('isValidEmail', () => {
  it.each(['ann@example.com', 'Ann.Smith+vip@mail.example.co.uk', ' ann@example.com ', "o'brien@example.ie", 'a@b.io', 'x@xn--80ak6aa92e.xn--p1ai'])('accepts %j', (email) =>
    expect(isValidEmail(email)).toBe(true),
  )
  it.each([
    '',
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'ann@example.c',
    'ann@@example.com',
    'ann@exa@mple.com',
    'ann smith@example.com',
    'ann@exa mple.com',
    '.ann@example.com',
    'ann.@example.com',
    'an..n@example.com',
    'ann@-example.com',
    'ann@example-.com',
    'ann@example..com',
    'ann@exa_mple.com',
    'ann@example.123',
    '"ann"@example.com',
    'ann@[127.0.0.1]',
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false))

  it('refuses a local part over 64 characters and an address over 254', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true)
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false)
    const label = `${'d'.repeat(60)}.`
    const domain = `${label.repeat(4)}com`
    expect(isValidEmail(`a@${domain}`)).toBe(true)
    expect(`a@${domain}`.length).toBeLessThanOrEqual(MAX_EMAIL_LENGTH)
    expect(isValidEmail(`aaaaaaaaaaaaa@${domain}`)).toBe(false)
  })
})

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ann.Smith@Example.COM ')).toBe('ann.smith@example.com')
  })
})
