/**
 * The club's e-mails (docs/club-membership.md, "E-mails"): about money, a monthly
 * charge that went through, a charge the card refused (with the day it is tried
 * again and where to change the card), and a membership that ended because no
 * retry went through; and about a member's own changes, a skip (or its undoing),
 * a pause, a resume, a cancel. Links start at the brand's public origin.
 */
import { CARD_BRAND_NAMES, dayName, formatPrice, fromCents, monthName, type CardBrand } from '@store/core'

export interface ClubEmailBrand {
  /** the store's name: 'PopFit Clothing' */
  name: string
  /** the brand's public origin: 'https://popfitclothing.com' */
  publicOrigin: string
}

export interface ClubEmailMember {
  name: string
  email: string
}

export interface ClubEmailCard {
  cardBrand: string | null
  last4: string | null
}

const money = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''
function cardName(card: ClubEmailCard): string {
  if (!card.last4) return 'your card'
  const name = card.cardBrand && card.cardBrand in CARD_BRAND_NAMES ? CARD_BRAND_NAMES[card.cardBrand as CardBrand] : 'card'
  return `your ${name} ending in ${card.last4}`
}

function letter(member: ClubEmailMember, brand: ClubEmailBrand, subject: string, lines: string[]) {
  const body = [`Hi ${firstName(member.name)},`, '', ...lines, '', `Questions? ${brand.publicOrigin}/contact-us`, `${brand.name}`].join('\n')
  return { to: member.email, subject, body }
}

/** A month of membership paid: the monthly fee, the pause price of a paused month, or a rejoin. */
export function clubChargedEmail(
  brand: ClubEmailBrand,
  member: ClubEmailMember,
  charge: { period: string; amountCents: number; paused: boolean; rejoined: boolean },
  card: ClubEmailCard,
) {
  const month = monthName(charge.period)
  const what = charge.paused ? `your paused VIP membership for ${month}` : `your VIP membership for ${month}`
  return letter(member, brand, `${brand.name} VIP: ${month} paid`, [
    charge.rejoined ? `Welcome back to the ${brand.name} VIP club.` : `Thank you for being a ${brand.name} VIP.`,
    `We charged ${money(charge.amountCents)} to ${cardName(card)} for ${what}.`,
    charge.paused
      ? 'Your membership stays paused: no monthly items this month. Resume any time from your account.'
      : `Your monthly items are on their way soon: follow them at ${brand.publicOrigin}/orders.`,
    '',
    `Skip a month, pause or manage your membership: ${brand.publicOrigin}/members`,
  ])
}

/** The card refused a monthly charge: when it is tried again, and where to change the card. */
export function clubChargeFailedEmail(
  brand: ClubEmailBrand,
  member: ClubEmailMember,
  charge: { period: string; amountCents: number; retryOn: string | null; noCard?: boolean },
  card: ClubEmailCard,
) {
  const month = monthName(charge.period)
  if (charge.noCard) {
    return letter(member, brand, `${brand.name} VIP: no card on file for ${month}`, [
      `Your VIP membership for ${month} is ${money(charge.amountCents)}, and we have no card on file to charge.`,
      charge.retryOn
        ? `Add a card before ${dayName(charge.retryOn)}, when we try again, to keep your membership: ${brand.publicOrigin}/change_payment`
        : `Add a card to keep your membership: ${brand.publicOrigin}/change_payment`,
    ])
  }
  return letter(
    member,
    brand,
    `${brand.name} VIP: we could not charge your card`,
    [
      `We tried to charge ${money(charge.amountCents)} to ${cardName(card)} for your VIP membership for ${month}, and the card was declined.`,
      charge.retryOn ? `We will try again on ${dayName(charge.retryOn)}.` : '',
      `To keep your membership, add or choose another card here: ${brand.publicOrigin}/change_payment`,
    ].filter((line) => line !== ''),
  )
}

/** Every retry was declined: the membership has ended. */
export function clubLapsedEmail(brand: ClubEmailBrand, member: ClubEmailMember, charge: { period: string }) {
  return letter(member, brand, `${brand.name} VIP: your membership has ended`, [
    `We could not charge your card for your VIP membership for ${monthName(charge.period)}, after several tries, so your membership has ended.`,
    'You will not be charged again.',
    `You can rejoin at any time: ${brand.publicOrigin}/vip`,
  ])
}

/** A change a member makes to their own membership (membership.service.ts). */
export type ClubChange = 'skip' | 'unskip' | 'pause' | 'resume' | 'cancel'

/** Each change's subject, and a first line where the page's summary does not already say what happened. */
const CHANGE_TOLD: Record<ClubChange, (month: string) => { subject: string; opening?: string }> = {
  skip: (month) => ({ subject: `${month} skipped` }),
  unskip: (month) => ({ subject: `${month} is back on`, opening: `You took back your skip: ${month} is on again.` }),
  pause: () => ({ subject: 'your membership is paused' }),
  resume: () => ({ subject: 'your membership is active again', opening: 'You resumed your VIP membership. Welcome back.' }),
  cancel: () => ({ subject: 'your membership is cancelled', opening: 'You cancelled your VIP membership. We are sorry to see you go.' }),
}

/**
 * A member's own change, confirmed in writing: what they did, what it means for
 * this month (the words the page showed them), where to manage it, and what to
 * do if they did not make it.
 */
export function clubChangedEmail(brand: ClubEmailBrand, member: ClubEmailMember, change: { event: ClubChange; period: string | null; summary: string; byStore?: boolean }) {
  const told = CHANGE_TOLD[change.event](change.period ? monthName(change.period) : 'this month')
  return letter(member, brand, `${brand.name} VIP: ${told.subject}`, [
    ...(change.byStore ? [`As you asked us, our customer care team made this change to your VIP membership for you.`] : []),
    ...(told.opening && !change.byStore ? [told.opening] : []),
    change.summary,
    '',
    change.event === 'cancel' ? `You can rejoin at any time: ${brand.publicOrigin}/vip` : `Skip a month, pause or manage your membership: ${brand.publicOrigin}/members`,
    `Did not make this change? Tell us at ${brand.publicOrigin}/contact-us and change your password at ${brand.publicOrigin}/change_password.`,
  ])
}

/** A former member rejoined inside a billing interval already paid: active again, nothing charged today, the next charge. */
export function clubRejoinedFreeEmail(brand: ClubEmailBrand, member: ClubEmailMember, rejoin: { nextBillingDate: string; amountCents: number }) {
  return letter(member, brand, `${brand.name} VIP: welcome back, your membership is active again`, [
    `Welcome back to the ${brand.name} VIP club: your membership is active again and member prices apply from now.`,
    `Nothing is charged today: this month is already paid. Your next charge is ${money(rejoin.amountCents)} on ${dayName(rejoin.nextBillingDate)}.`,
    '',
    `Skip a month, pause or manage your membership: ${brand.publicOrigin}/members`,
    `Did not make this change? Tell us at ${brand.publicOrigin}/contact-us and change your password at ${brand.publicOrigin}/change_password.`,
  ])
}

/** A month given free by the store: the next billing date charges nothing and the box still ships. */
export function clubMonthFreeEmail(brand: ClubEmailBrand, member: ClubEmailMember, gift: { nextBillingDate: string | null; freeMonths: number }) {
  return letter(
    member,
    brand,
    `${brand.name} VIP: a month on us`,
    [
      `We have given you a month of your VIP membership free: ${gift.nextBillingDate ? `nothing is charged on ${dayName(gift.nextBillingDate)}` : 'your next month is not charged'}, and your monthly items still ship.`,
      gift.freeMonths > 1 ? `You now have ${gift.freeMonths} free months, used one after another.` : '',
      '',
      `Skip a month, pause or manage your membership: ${brand.publicOrigin}/members`,
    ].filter((line, i) => line !== '' || i === 2),
  )
}

/** The day a failed monthly charge is tried again, moved by the store at the member's request. */
export function clubRetryMovedEmail(brand: ClubEmailBrand, member: ClubEmailMember, retry: { period: string; amountCents: number; retryOn: string }, card: ClubEmailCard) {
  return letter(member, brand, `${brand.name} VIP: we will try your payment on ${dayName(retry.retryOn)}`, [
    `As you asked us, we will try ${cardName(card)} again for your ${monthName(retry.period)} membership (${money(retry.amountCents)}) on ${dayName(retry.retryOn)}.`,
    `To use another card, change it here before then: ${brand.publicOrigin}/change_payment`,
  ])
}

/** A paused month's fee refunded by the store (it bought no order, so no order's refund e-mail tells it). */
export function clubFeeRefundedEmail(brand: ClubEmailBrand, member: ClubEmailMember, refund: { period: string; amountCents: number }, card: ClubEmailCard) {
  const month = monthName(refund.period)
  return letter(member, brand, `${brand.name} VIP: a refund of ${money(refund.amountCents)} for ${month}`, [
    `We have refunded ${money(refund.amountCents)} of your paused VIP membership's price for ${month} to ${cardName(card)}.`,
    'Your bank shows it within 5 to 10 business days.',
    '',
    `Manage your membership: ${brand.publicOrigin}/members`,
  ])
}
