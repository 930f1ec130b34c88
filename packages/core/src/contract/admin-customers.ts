/** The operator's customer care (DESIGN §8: /customers, /reviews, /messages): answers the server and the operator's app share. */
import type { MessageStatus } from '../message-inbox.ts'

/** A customer as the operator's list shows them (e-mail masked for an analyst). */
export interface AdminCustomerRow {
  id: string
  name: string
  email: string
  /** the phone of their default address, if any */
  phone: string | null
  created_at: string
  has_club: boolean
  order_count: number
  /** when their personal data was erased on request; null for an account in use */
  erased_at: string | null
}

/** One order of a customer, as a headline. */
export interface AdminCustomerOrder {
  order_number: string
  created_at: string
  status: string
  total: number
  pieces: number
}

export interface AdminCustomerAddress {
  id: string
  address_type: string
  name: string
  company: string
  address: string
  address_2: string
  city: string
  state: string
  zip: string
  country: string
  phone: string
  default: boolean
}

/** The customer's membership of the club: its state, next bill and the charges so far (newest first). */
export interface AdminCustomerMembership {
  id: string
  status: string
  amount: number
  next_billing_date: string | null
  joined_on: string | null
  cancelled_at: string | null
  history: { period: string; kind: string; status: string; amount: number; at: string }[]
}

export interface AdminReview {
  id: string
  item_id: number | null
  item_name: string | null
  customer_id: string | null
  author: string
  rating: number
  text: string | null
  /** the addresses of its photos (none once hidden: hiding deletes them) */
  photos: string[]
  hidden: boolean
  verified_buyer: boolean
  created_at: string
}

export type MessageKind = 'contact' | 'feedback'

/** A contact-us or feedback message in the operator's inbox. */
export interface AdminMessage {
  id: string
  kind: MessageKind
  reference: string
  customer_id: string | null
  name: string
  email: string
  /** the contact form's topic (its caption), or 'Feedback' */
  subject: string
  rating: number | null
  order_number: string | null
  message: string
  status: MessageStatus
  created_at: string
}

/** A reply sent from the inbox (by: the staff member's name, null from the command line). */
export interface MessageReply {
  id: string
  body: string
  by: string | null
  at: string
}

export interface AdminCustomer extends AdminCustomerRow {
  birthday: string | null
  orders: AdminCustomerOrder[]
  addresses: AdminCustomerAddress[]
  membership: AdminCustomerMembership | null
  reviews: AdminReview[]
  messages: AdminMessage[]
}
