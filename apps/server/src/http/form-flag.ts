/**
 * A yes/no field of a body, as SPEC §3 reads booleans: true/false, 0/1 or '0'/'1' (core's
 * parseBoolean), plus what an HTML form sends: a checked checkbox's 'on', and nothing (or '')
 * for an unchecked one. Anything else is a 400 naming the field, never a quiet "no".
 */
import { parseBoolean } from '@store/core'
import { z } from 'zod'

export function formFlag(field: string) {
  return z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((value, issue) => {
      if (value === undefined || value === '') return false
      if (value === 'on') return true
      try {
        return parseBoolean(value)
      } catch {
        issue.addIssue({ code: 'custom', message: `${field} is true or false` })
        return z.NEVER
      }
    })
}
