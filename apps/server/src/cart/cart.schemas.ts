/** What the cart's calls take, checked alike for the API and for the pages. */
import { z } from 'zod'
import { itemIdSchema } from '../catalog/catalog.schemas.ts'

/** No one line holds more than this many pieces. */
export const MAX_LINE_QTY = 10

/** A number, or a form's text of one ('2'); anything else (an empty field, a list, true) is no quantity, never 0. */
const numberOrNumeral = (value: unknown) => (typeof value === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value)

const qty = (min: number) =>
  z.preprocess(
    numberOrNumeral,
    z
      .number({ message: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(min, min === 0 ? 'Quantity cannot be negative' : 'Quantity must be at least 1')
      .max(MAX_LINE_QTY, `You can have at most ${MAX_LINE_QTY} of one item in your cart`),
  )

export const addLineBody = z.object({
  item_id: itemIdSchema,
  size: z.string({ message: 'Choose a size' }).trim().min(1, 'Choose a size').max(20, 'That size is not valid'),
  qty: qty(1).default(1),
})

export const cartLineParams = z.object({ cartId: z.string().uuid('That cart line id is not valid') })
export const changeLineBody = z.object({ qty: qty(0) })

export const discountCodeBody = z.object({
  code: z.string({ message: 'Enter a discount code' }).trim().min(1, 'Enter a discount code').max(40, 'That code is too long'),
})
