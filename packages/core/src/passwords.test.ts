import { describe, expect, it } from 'vitest'
import { passwordProblem } from './passwords.ts'

describe('passwordProblem', () => {
  it('asks for at least 8 characters', () => {
    expect(passwordProblem('1234567')).toBe('Choose a password of at least 8 characters.')
    expect(passwordProblem('12345678')).toBeNull()
  })
})
