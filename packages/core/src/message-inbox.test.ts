import { describe, expect, it } from 'vitest'
import { isMessageStatus, nextMessageStatus } from './message-inbox.ts'

describe('the inbox of messages', () => {
  it('a reply answers a message, whatever its status', () => {
    expect(nextMessageStatus('new', 'reply', false)).toEqual({ status: 'answered' })
    expect(nextMessageStatus('closed', 'reply', true)).toEqual({ status: 'answered' })
  })

  it('closes once; a closed message opens again as it was', () => {
    expect(nextMessageStatus('new', 'close', false)).toEqual({ status: 'closed' })
    expect(nextMessageStatus('closed', 'close', false)).toEqual({ refused: 'This message is already closed.' })
    expect(nextMessageStatus('closed', 'reopen', true)).toEqual({ status: 'answered' })
    expect(nextMessageStatus('closed', 'reopen', false)).toEqual({ status: 'new' })
    expect(nextMessageStatus('answered', 'reopen', true)).toMatchObject({ refused: expect.any(String) })
  })

  it('knows its statuses', () => {
    expect(isMessageStatus('answered')).toBe(true)
    expect(isMessageStatus('spam')).toBe(false)
  })
})
