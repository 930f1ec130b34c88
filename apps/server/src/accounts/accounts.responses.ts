/** What the account calls answer, as the types of packages/core/src/contract/accounts.ts (tsc checks the match). */
import type { Customer, CustomerResult, StyleProfile, StyleProfileField, StyleProfileOption } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

const customerSchema = contract<Customer>('Customer')(z.object({ id: z.string(), name: z.string(), e_mail_address: z.string(), has_club: z.boolean() }))

export const customerResultSchema = contract<CustomerResult>('CustomerResult')(z.object({ customer: customerSchema }))

const styleProfileOptionSchema = contract<StyleProfileOption>('StyleProfileOption')(z.object({ value: z.string(), caption: z.string() }))

const styleProfileFieldSchema = contract<StyleProfileField>('StyleProfileField')(
  z.object({
    name: z.string(),
    caption: z.string(),
    options: z.array(styleProfileOptionSchema),
    value: z.string().nullable().describe("the chosen option's value, or null"),
  }),
)

export const styleProfileSchema = contract<StyleProfile>('StyleProfile')(z.object({ style_profile: z.array(styleProfileFieldSchema) }))
