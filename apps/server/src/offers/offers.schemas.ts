/** What the offer calls take, checked alike for the API and for the pages (web/store-services.ts). */
import { FLOW_TYPES } from '@store/core'
import { z } from 'zod'

export const offerId = z.object({ id: z.string().trim().min(1, 'invalid ID').max(80) })
export const orderNumber = z.string({ message: 'order_number is required' }).trim().min(1, 'order_number is required').max(40)

export const checkoutFlowBody = z.object({
  checkout_flow: z.enum(FLOW_TYPES, { message: 'checkout_flow is free_flow, vip_flow or checkout_club_flow' }),
  offer_code: z.string().trim().max(10).optional(),
})

export const acceptBumpBody = z.object({ size: z.string().trim().min(1).max(20).optional() }).default({})

export const acceptOfferBody = z.object({
  order_number: orderNumber,
  item_id: z.coerce.number().int().positive('That item is not valid').optional(),
  size: z.string().trim().min(1).max(20).optional(),
  category: z.string().trim().min(1).max(80).optional(),
})

export const declineOfferBody = z.object({ order_number: orderNumber })

export const offerFlowQuery = z.object({
  type: z.string({ message: 'Say which offer pages: type is checkout-ob or checkout-oto' }).max(40, 'Unknown pageOfferType'),
  current: z.string().max(80, 'That offer id is too long').optional(),
  order: z.string().max(40, 'That order number is too long').optional(),
  host: z.string().optional(),
})

export const claimSpecialBody = z.object({ size: z.string().trim().min(1, 'Choose a size.').max(20).optional() })
