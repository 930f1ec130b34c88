/** What the operator API's account and staff calls take and answer (DESIGN §8). */
import { parseBoolean, STAFF_ROLES } from '@store/core'
import { z } from 'zod'
import { email, newPassword, password, personName } from '../accounts/accounts.schemas.ts'

/** A yes/no field that may be left out (PATCH): true/false, 0/1, 'on'. */
export const optionalFlag = (field: string) =>
  z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((value, issue) => {
      if (value === undefined || value === '') return undefined
      if (value === 'on') return true
      try {
        return parseBoolean(value)
      } catch {
        issue.addIssue({ code: 'custom', message: `${field} is true or false` })
        return z.NEVER
      }
    })

const staffRole = z.enum(STAFF_ROLES, { message: 'Choose a role: owner, manager, fulfilment, support or analyst.' })

export const staffLoginBody = z.object({
  email,
  password,
  totp: z.string().trim().max(12, 'The code has 6 digits').optional(),
})
export const setPasswordBody = z.object({
  token: z.string({ message: 'The link is incomplete' }).min(20, 'The link is incomplete').max(200),
  password: newPassword,
})
export const totpCodeBody = z.object({ code: z.string({ message: 'Enter the 6-digit code' }).trim().min(6, 'Enter the 6-digit code').max(12) })
export const inviteBody = z.object({ email, name: personName, role: staffRole })
export const staffChangeBody = z.object({
  role: staffRole.optional(),
  suspended: optionalFlag('suspended'),
  totp_required: optionalFlag('totp_required'),
  /** the person lost their authenticator: two-step verification goes off, to be set up again */
  totp_reset: optionalFlag('totp_reset'),
})
export const idParams = z.object({ id: z.string().min(1).max(100) })

const staffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.object({ brand: z.string(), role: staffRole })),
  totp_enabled: z.boolean(),
  totp_required: z.boolean(),
})
/** data.staff of /login and /me, with what the role may do here (the admin app's navigation follows it). */
export const meSchema = z.object({
  staff: staffSchema,
  brand: z.object({ id: z.string(), name: z.string() }),
  role: staffRole,
  may: z.array(z.string()).describe('the actions the role allows at this brand (@store/core STAFF_PERMISSIONS)'),
})
export const sessionsSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      current: z.boolean(),
      ip: z.string(),
      user_agent: z.string(),
      created_at: z.string(),
      last_seen_at: z.string(),
      expires_at: z.string(),
    }),
  ),
})
const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  suspended: z.boolean(),
  totp_enabled: z.boolean(),
  totp_required: z.boolean(),
})
export const membersSchema = z.object({ members: z.array(memberSchema) })
export const inviteSchema = z.object({ member: memberSchema, link: z.string().describe('the one-time link to set a password (also e-mailed)') })
export const totpEnrolSchema = z.object({ secret: z.string(), uri: z.string().describe('otpauth:// for an authenticator app') })
