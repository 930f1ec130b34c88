import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_MESSAGE, commonPasswordCount, isCommonPassword, passwordProblemWithCommonList } from './common-passwords.ts'
import { PASSWORD_MESSAGES } from './passwords.ts'

describe('passwordProblemWithCommonList (the API rule)', () => {
  it.each(['password', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine', 'trustno1', '1qaz2wsx', 'football'])('refuses the common password %j', (password) =>
    expect(passwordProblemWithCommonList(password)).toBe(COMMON_PASSWORD_MESSAGE),
  )

  it('refuses common passwords in any case and with surrounding spaces', () => {
    expect(passwordProblemWithCommonList('PassWord')).toBe(COMMON_PASSWORD_MESSAGE)
    expect(passwordProblemWithCommonList('QWERTYUIOP')).toBe(COMMON_PASSWORD_MESSAGE)
    expect(passwordProblemWithCommonList(' password ')).toBe(COMMON_PASSWORD_MESSAGE)
    expect(passwordProblemWithCommonList('ｐａｓｓｗｏｒｄ')).toBe(COMMON_PASSWORD_MESSAGE)
  })

  it('gives the length and shape messages first', () => {
    expect(passwordProblemWithCommonList('        ')).toBe(PASSWORD_MESSAGES.onlySpaces)
    expect(passwordProblemWithCommonList('123456')).toBe(PASSWORD_MESSAGES.tooShort)
    expect(passwordProblemWithCommonList('ann.smith', { email: 'ann.smith@example.com' })).toBe(PASSWORD_MESSAGES.isEmail)
  })

  it('accepts a long random passphrase', () => {
    expect(passwordProblemWithCommonList('plum-otter-glacier-47-velvet')).toBeNull()
    expect(passwordProblemWithCommonList('Vk7#pQ2!zL9m')).toBeNull()
  })

  it('uses a list of at least 10,000 passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000)
    expect(isCommonPassword('123456')).toBe(true)
    expect(isCommonPassword('plum-otter-glacier-47-velvet')).toBe(false)
  })
})

describe('the browser bundle stays free of the list', () => {
  const dir = new URL('.', import.meta.url)
  const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))

  it('only common-passwords.ts imports the list', () => {
    const importers = sources.filter((f) => readFileSync(new URL(f, dir), 'utf8').includes('@zxcvbn-ts/'))
    expect(importers).toEqual(['common-passwords.ts'])
  })

  it('no module of @store/core imports common-passwords.ts', () => {
    const importers = sources.filter((f) => /from '\.\/common-passwords(\.ts)?'/.test(readFileSync(new URL(f, dir), 'utf8')))
    expect(importers).toEqual([])
  })
})
