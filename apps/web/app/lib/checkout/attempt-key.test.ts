import { beforeEach, describe, expect, it } from 'vitest'
import { attemptFor, attemptScope, forgetAttempt, saveAttempt } from './attempt-key'

class MemoryStorage {
  private map = new Map<string, string>()
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
}

describe('payment attempts', () => {
  beforeEach(() => {
    ;(globalThis as unknown as { window: unknown }).window = { sessionStorage: new MemoryStorage() }
  })

  it('keeps one key and token per scope until the attempt is forgotten', () => {
    const scope = attemptScope('checkout', ['line-1x2', 'ada@example.com'])
    const first = attemptFor(scope)
    expect(first.key).toMatch(/.{8,}/)
    saveAttempt(scope, { ...first, token: 'tok_1' })
    expect(attemptFor(scope)).toEqual({ key: first.key, token: 'tok_1' })
    forgetAttempt(scope)
    expect(attemptFor(scope).key).not.toBe(first.key)
  })

  it('names different carts or forms differently', () => {
    expect(attemptScope('checkout', ['a'])).not.toBe(attemptScope('checkout', ['b']))
    expect(attemptScope('checkout', ['a'])).toBe(attemptScope('checkout', ['a']))
  })
})
