/** What the content calls take, checked alike for the API and for the pages. */
import { z } from 'zod'

export const pageSlug = z
  .string()
  .min(1, 'Page name is required')
  .max(120, 'Page name is too long')
  .regex(/^[a-z0-9][a-z0-9/_-]*$/i, "Page names use letters, digits, '-', '_' and '/' only")
