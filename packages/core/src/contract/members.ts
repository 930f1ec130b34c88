/**
 * The members area as the API answers it: the account, the address book, the
 * wishlist and the customer-service forms (SPEC §3 field names, snake_case).
 */

import type { PostalAddress } from '../address.ts'

export type AddressType = 'shipping' | 'billing'

/** An address book entry (SPEC §3): GET /addresses lists them. */
export interface AddressEntry extends PostalAddress {
  id: string
  address_type: AddressType
  default: boolean
}

/** The default shipping and billing addresses (GET /addresses/defaults), for checkout prefill. */
export interface DefaultAddresses {
  shipping: AddressEntry | null
  billing: AddressEntry | null
}

/** A wishlist entry (SPEC §3) with what the wishlist page shows of its item. */
export interface WishlistEntry {
  id: string
  /** the item page's path: '/item/123' */
  permalink: string
  /** the item is a VIP exclusive, reserved for club members (docs/members.md) */
  reserved: boolean
  item: {
    id: number
    name: string
    color: string
    price: number
    image: string | null
    image_alt: string
    /** sizes in stock, in size order */
    availableSizes: string[]
  }
}

/** GET /account: who is logged in, and their club status when they have a membership. */
export interface AccountInfo {
  id: string
  name: string
  e_mail_address: string
  has_club: boolean
  /** a new address waiting for its confirmation link, or null */
  pending_e_mail_address: string | null
  /** the membership's status (active, skipped, paused, overdue, cancelled, lapsed), or null without a membership */
  membership_status: string | null
}

/** data of POST /account/email: the link went to the new address. */
export interface EmailChangeRequested {
  pending_e_mail_address: string
}

/** data of POST /contact and /feedback. */
export interface MessageReceived {
  /** a short reference the shopper can quote: 'C-1A2B3C4D' */
  reference: string
  /** what the page says to the shopper */
  message: string
}
