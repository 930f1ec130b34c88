import { describe, expect, it } from 'vitest'
import { bodyParts, figureOfItem, pieceOfItem } from './email-body.ts'

describe("an e-mail's text read as parts", () => {
  it('finds the greeting, a list with its lead, a labelled address as a button, and the signature', () => {
    const body = [
      'Hi Ana,',
      '',
      'Here is what you bought:',
      '  2 x Everyday Tee (Berry, M)  $48.00',
      '  Total  $48.00',
      '',
      'Track your order: https://shop.test/tracker?order=A1',
      'Questions? https://shop.test/contact-us',
      'Shop',
    ].join('\n')
    expect(bodyParts(body, 'Shop', 'Your order')).toEqual([
      { kind: 'greeting', text: 'Hi Ana,' },
      { kind: 'list', lead: 'Here is what you bought:', items: ['2 x Everyday Tee (Berry, M)  $48.00', 'Total  $48.00'] },
      { kind: 'button', label: 'Track your order', href: 'https://shop.test/tracker?order=A1' },
      { kind: 'paragraph', lines: ['Questions? https://shop.test/contact-us'] },
      { kind: 'signature', text: 'Shop' },
    ])
  })

  it("makes a bare address after a line ending in ':' a button named by the subject, keeping the words", () => {
    const parts = bodyParts('Hi Al,\n\nReset it here:\nhttps://shop.test/forgot?token=x\n\nShop', 'Shop', 'Reset your password')
    expect(parts).toContainEqual({ kind: 'paragraph', lines: ['Reset it here:'] })
    expect(parts).toContainEqual({ kind: 'button', label: 'Reset your password', href: 'https://shop.test/forgot?token=x' })
  })

  it('keeps a sentence with an address inside as text, and a text without greeting or signature as paragraphs', () => {
    expect(bodyParts('Did not create this account? Tell us at https://shop.test/contact-us.', 'Shop', 's')).toEqual([
      { kind: 'paragraph', lines: ['Did not create this account? Tell us at https://shop.test/contact-us.'] },
    ])
  })

  it('reads piece and figure lines', () => {
    expect(pieceOfItem('2 x Everyday Tee (Berry, M)  $48.00')).toEqual({ qty: 2, name: 'Everyday Tee', detail: 'Berry, M', price: '$48.00' })
    expect(pieceOfItem('1 x Bra')).toEqual({ qty: 1, name: 'Bra', detail: null, price: null })
    expect(pieceOfItem('Subtotal  $1.00')).toBeNull()
    expect(figureOfItem('Shipping (Standard)  Free')).toEqual({ label: 'Shipping (Standard)', value: 'Free' })
    expect(figureOfItem('- see your orders: https://x.test')).toBeNull()
  })
})
