/** What the address book's calls take, checked alike for the API and for the pages. */
import type { AddressEntry, DefaultAddresses } from '@store/core'
import { z } from 'zod'
import { formFlag } from '../http/form-flag.ts'

const addressType = z.enum(['shipping', 'billing'], { message: 'Choose shipping or billing' })

const part = (max = 200) => z.string().max(max, 'This is too long').optional().default('')

/**
 * An address as posted: the nine parts of SPEC §3 (checked by core's
 * validateCheckoutAddress in the service), its type, and whether it becomes the
 * default for that type.
 */
export const addressBody = z.object({
  address_type: addressType,
  name: part(),
  company: part(),
  country: part(),
  address: part(),
  address_2: part(),
  city: part(),
  state: part(),
  zip: part(),
  phone: part(),
  default: formFlag('default'),
})
export type AddressBody = z.output<typeof addressBody>

/** Ids are opaque: a malformed one is "not found", like another customer's. */
export const addressParams = z.object({ id: z.string().min(1).max(64) })
export const defaultBody = z.object({ address_type: addressType.optional() })

// ----- answers (response schemas: what Fastify serialises, checked against the contract)

export const addressEntry = z.object({
  id: z.string(),
  address_type: addressType,
  name: z.string(),
  company: z.string(),
  country: z.string(),
  address: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  default: z.boolean(),
}) satisfies z.ZodType<AddressEntry>

export const defaultAddressesSchema = z.object({
  shipping: addressEntry.nullable(),
  billing: addressEntry.nullable(),
}) satisfies z.ZodType<DefaultAddresses>
