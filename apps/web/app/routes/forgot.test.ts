/**
 * A reset link that no longer works (used, voided by a later change of address or
 * password, or past its hour) is said to be spent when the page opens, not after a
 * new password has been typed for nothing; and that answer is never cached.
 */
import { describe, expect, it } from 'vitest'
import { loader } from './forgot'

type LoaderArgs = Parameters<typeof loader>[0]

async function load(url: string, works: boolean) {
  const asked: unknown[] = []
  const services = {
    resetLinkWorks: async (token: unknown) => {
      asked.push(token)
      return works
    },
  }
  const answer = (await loader({ request: new Request(url), params: {}, context: { services } } as unknown as LoaderArgs)) as unknown as {
    data: { spentLink: boolean }
    init?: { headers?: Record<string, string> } | null
  }
  return { answer, asked }
}

describe('the reset password page', () => {
  it('says at once that a spent link is spent, and keeps that answer out of any cache', async () => {
    const { answer, asked } = await load('http://localhost/forgot?token=used-token-0123456789abcdef', false)
    expect(asked).toEqual(['used-token-0123456789abcdef'])
    expect(answer.data).toEqual({ spentLink: true })
    expect(answer.init?.headers).toEqual({ 'Cache-Control': 'private, no-store' })
  })
  it('shows the new-password form for a link that works', async () => {
    expect((await load('http://localhost/forgot?token=good-token-0123456789abcdef', true)).answer.data).toEqual({ spentLink: false })
  })
  it('asks nothing without a link', async () => {
    const { answer, asked } = await load('http://localhost/forgot', false)
    expect(asked).toEqual([])
    expect(answer.data).toEqual({ spentLink: false })
  })
})
