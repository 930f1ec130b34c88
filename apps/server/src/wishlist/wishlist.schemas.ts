/** What the wishlist's calls take and answer, checked alike for the API and for the pages. */
import type { WishlistEntry } from '@store/core'
import { z } from 'zod'
import { addLineBody } from '../cart/cart.schemas.ts'
import { itemIdSchema } from '../catalog/catalog.schemas.ts'

export const addWishlistBody = z.object({ item_id: itemIdSchema })
/** Ids are opaque: a malformed one is "not found", like another customer's. */
export const wishlistParams = z.object({ id: z.string().min(1).max(64) })
export const moveToCartBody = addLineBody.pick({ size: true })

export const wishlistEntry = z.object({
  id: z.string(),
  permalink: z.string(),
  reserved: z.boolean(),
  item: z.object({
    id: z.number(),
    name: z.string(),
    color: z.string(),
    price: z.number(),
    image: z.string().nullable(),
    image_alt: z.string(),
    availableSizes: z.array(z.string()),
  }),
}) satisfies z.ZodType<WishlistEntry>
