/**
 * The saved-cards notice (OWASP ASVS V2.5: tell the owner of every change to what the account
 * keeps): a card added, a card removed, another card made the default. Queued in the transaction
 * of the change (payment-methods.service.ts), so it goes out once, with it. It names a card by its
 * brand, last four digits and expiry, never more; links start at the brand's public origin.
 */
import { savedCardName } from '@store/core'
import type { QueuedEmail } from '../email/outbox.ts'

export interface CardNoticeBrand {
  /** the store's name: 'PopFit Clothing' */
  name: string
  /** the brand's public origin: 'https://popfitclothing.com' */
  origin: string
}

export interface CardNoticeCustomer {
  name: string
  email: string
}

/** A saved card as the notice names it. */
interface NoticeCard {
  card_brand: string
  last4: string
  exp_month: number
  exp_year: number
}

export type CardChange =
  | { kind: 'added'; card: NoticeCard; isDefault: boolean }
  | { kind: 'removed'; card: NoticeCard; newDefault: NoticeCard | null }
  | { kind: 'default'; card: NoticeCard }

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''
const cardName = (card: NoticeCard) => `${savedCardName(card.card_brand, card.last4)} (expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year})`

function told(storeName: string, change: CardChange): { subject: string; lines: string[] } {
  switch (change.kind) {
    case 'added':
      return {
        subject: `A card was added to your ${storeName} account`,
        lines: [`${cardName(change.card)} was saved to your account.`, ...(change.isDefault ? ['It is your default card.'] : [])],
      }
    case 'removed':
      return {
        subject: `A card was removed from your ${storeName} account`,
        lines: [`${cardName(change.card)} was removed from your account.`, ...(change.newDefault ? [`Your default card is now ${cardName(change.newDefault)}.`] : [])],
      }
    case 'default':
      return { subject: `Your default card at ${storeName} changed`, lines: [`Your default card is now ${cardName(change.card)}.`] }
  }
}

export function cardChangedEmail(brand: CardNoticeBrand, customer: CardNoticeCustomer, change: CardChange): QueuedEmail {
  const { subject, lines } = told(brand.name, change)
  const body = [
    `Hi ${firstName(customer.name)},`,
    '',
    ...lines,
    '',
    `Your saved cards: ${brand.origin}/change_payment`,
    `Did not make this change? Change your password at ${brand.origin}/change_password and tell us at ${brand.origin}/contact-us.`,
    '',
    brand.name,
  ].join('\n')
  return { to: customer.email, subject, body }
}
