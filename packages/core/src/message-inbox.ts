/**
 * The operator's inbox of contact-us and feedback messages (docs/admin-customers.md):
 * a message arrives `new`; a reply sent to its sender makes it `answered`; the
 * operator closes it when nothing more is to be done, and a closed one may be
 * opened again (it is `answered` when it had a reply, `new` otherwise).
 */

export const MESSAGE_STATUSES = ['new', 'answered', 'closed'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

export type MessageEvent = 'reply' | 'close' | 'reopen'

export function isMessageStatus(value: unknown): value is MessageStatus {
  return typeof value === 'string' && (MESSAGE_STATUSES as readonly string[]).includes(value)
}

/** The status after an event, or the reason it is refused (a string starting with a capital). */
export function nextMessageStatus(current: MessageStatus, event: MessageEvent, hasReplies: boolean): { status: MessageStatus } | { refused: string } {
  switch (event) {
    case 'reply':
      // a reply to a closed message opens it again: the sender wrote back, or the operator has more to say
      return { status: 'answered' }
    case 'close':
      return current === 'closed' ? { refused: 'This message is already closed.' } : { status: 'closed' }
    case 'reopen':
      return current === 'closed' ? { status: hasReplies ? 'answered' : 'new' } : { refused: 'Only a closed message can be opened again.' }
  }
}
