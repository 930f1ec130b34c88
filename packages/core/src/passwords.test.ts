import { describe, expect, it } from 'vitest'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES, passwordProblem } from './passwords.ts'

describe('passwordProblem (the rule forms and API share)', () => {
  it('asks for at least 8 characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8)
    expect(passwordProblem('1234567')).toBe('Choose a password of at least 8 characters.')
    expect(passwordProblem('')).toBe(PASSWORD_MESSAGES.tooShort)
    expect(passwordProblem('tr0ub4dor')).toBeNull()
  })

  it('counts characters as a person does: an emoji is one', () => {
    expect(passwordProblem('ab😀😀😀😀cd')).toBeNull()
    expect(passwordProblem('ab😀😀😀cd')).toBe(PASSWORD_MESSAGES.tooShort)
  })

  it('accepts up to 128 characters and refuses more', () => {
    expect(MAX_PASSWORD_LENGTH).toBe(128)
    const long = 'correct horse battery staple '.repeat(5).slice(0, 128)
    expect(passwordProblem(long)).toBeNull()
    expect(passwordProblem(`${long}x`)).toBe('Choose a password of at most 128 characters.')
  })

  it('refuses a password of only whitespace', () => {
    expect(passwordProblem('        ')).toBe('Choose a password that is not only spaces.')
    expect(passwordProblem(' \t \n  \u00A0  ')).toBe(PASSWORD_MESSAGES.onlySpaces)
  })

  it('refuses one character repeated, in any case', () => {
    expect(passwordProblem('aaaaaaaa')).toBe('Choose a password that is not one character repeated.')
    expect(passwordProblem('aAaAaAaAaA')).toBe(PASSWORD_MESSAGES.oneCharacter)
    expect(passwordProblem('11111111111')).toBe(PASSWORD_MESSAGES.oneCharacter)
    expect(passwordProblem('aaaaaaab')).toBeNull()
  })

  it('refuses the e-mail address and its local part, case-insensitively', () => {
    const email = 'Ann.Smith@Example.com'
    expect(passwordProblem('ann.smith@example.com', { email })).toBe('Choose a password that is not your e-mail address.')
    expect(passwordProblem('ANN.SMITH', { email })).toBe(PASSWORD_MESSAGES.isEmail)
    expect(passwordProblem(' ann.smith ', { email })).toBe(PASSWORD_MESSAGES.isEmail)
    expect(passwordProblem('ann.smith1', { email })).toBeNull()
    expect(passwordProblem('ann.smith', { email: null })).toBeNull()
    expect(passwordProblem('ann.smith', {})).toBeNull()
  })

  it('accepts a long random passphrase', () => {
    expect(passwordProblem('plum-otter-glacier-47-velvet', { email: 'ann@example.com' })).toBeNull()
  })
})
