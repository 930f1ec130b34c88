/** What the account calls take, checked alike for the API and for the pages. */
import { MIN_PASSWORD_LENGTH, unusableCharacterIn, unusableCharacterMessage } from '@store/core'
import { z } from 'zod'

export const email = z.string({ message: 'Enter your email address' }).trim().max(254, 'That email address is too long').email('Enter a valid email address')
export const password = z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(200, 'That password is too long')

export const newPassword = password.min(MIN_PASSWORD_LENGTH, `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`)

/**
 * A person's name as an account keeps it: no hidden characters (line breaks, text-direction
 * marks, invisible ones), which would show in e-mails, and none that did not come through
 * (a lone half of a UTF-16 pair, stored as U+FFFD); the message names which it found.
 */
export const personName = z
  .string({ message: 'Enter your name' })
  .trim()
  .min(1, 'Enter your name')
  .max(120, 'That name is too long')
  .superRefine((name, check) => {
    const unusable = unusableCharacterIn(name)
    if (unusable) check.addIssue({ code: 'custom', message: unusableCharacterMessage(unusable, 'your name') })
  })

export const registerBody = z.object({
  name: personName,
  email,
  password: newPassword,
})
export const loginBody = z.object({ email, password })
export const forgotBody = z.object({ email })
export const resetPasswordBody = z.object({
  token: z.string({ message: 'The reset link is incomplete' }).min(20, 'The reset link is incomplete').max(200),
  password: newPassword,
})
