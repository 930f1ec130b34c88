import { describe, expect, it } from 'vitest'
import { readMessage, senderErrors } from './message-form'

const post = (fields: Record<string, string>) =>
  new Request('http://store.test/contact-us', { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } })

describe('a message page', () => {
  it('reads the named fields trimmed, a missing one as empty, and nothing else', async () => {
    const values = await readMessage(post({ name: '  Ana  ', email: 'ana@example.com ', extra: 'ignored' }), ['name', 'email', 'message'] as const)
    expect(values).toEqual({ name: 'Ana', email: 'ana@example.com', message: '' })
  })

  it('asks for a name and an address to reply to, in that order, on their fields', () => {
    expect(senderErrors({ name: '', email: 'not-an-address' }, 'Enter a valid email address.')).toEqual([
      { message: 'Enter your name.', field: 'name' },
      { message: 'Enter a valid email address.', field: 'email' },
    ])
    expect(senderErrors({ name: 'Ana', email: 'ana@example.com' }, 'unused')).toEqual([])
  })
})
