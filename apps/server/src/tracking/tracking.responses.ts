import type { Tracking, TrackingEvent } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'
import { orderHistoryEntrySchema } from '../orders/orders.responses.ts'

const trackingEventSchema = contract<TrackingEvent>('TrackingEvent')(z.object({ description: z.string(), date: z.string().describe('ISO-8601 time the event happened') }))

export const trackingSchema = contract<Tracking>('Tracking')(
  z.object({
    order: z.string().describe('the order number'),
    carrier: z.string().nullable().describe('null until the order has shipped'),
    tracking_number: z.string().nullable(),
    status: z.string(),
    events: z.array(trackingEventSchema).describe('newest first'),
    history: z.array(orderHistoryEntrySchema).describe("the order's history meant for the shopper, oldest first"),
  }),
)
