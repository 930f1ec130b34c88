/** What the account calls take and answer, checked alike for the API and for the pages. */
import type { AccountInfo, EmailChangeRequested } from '@store/core'
import { z } from 'zod'
import { email, newPassword, password, personName } from '../accounts/accounts.schemas.ts'

export const changePasswordBody = z.object({
  current_password: password,
  password: newPassword,
})

export const changeNameBody = z.object({ name: personName })

export const changeEmailBody = z.object({
  email,
  current_password: password,
})

export const confirmEmailBody = z.object({
  token: z.string({ message: 'The confirmation link is incomplete' }).min(20, 'The confirmation link is incomplete').max(200, 'The confirmation link is not valid'),
})

// ----- answers

export const okAnswer = z.object({ data: z.object({ ok: z.literal(true) }) })

export const accountInfo = z.object({
  id: z.string(),
  name: z.string(),
  e_mail_address: z.string(),
  has_club: z.boolean(),
  pending_e_mail_address: z.string().nullable(),
  membership_status: z.string().nullable(),
}) satisfies z.ZodType<AccountInfo>

export const emailChangeRequested = z.object({ pending_e_mail_address: z.string() }) satisfies z.ZodType<EmailChangeRequested>

/** Style profile answers as a page posts them (field name -> option value), the same rule as POST /style-profile. */
export const styleProfileAnswers = z.record(z.string().max(60), z.string().max(100, 'That answer is too long'))
