/** GET /cart and every call that changes the cart answer the Cart of packages/core/src/contract/cart.ts (tsc checks the match). */
import type { Cart, CartBanner, CartCustomer, CartLine, DiscountCodeDetails, FeaturedItem } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

const cartCustomerSchema = contract<CartCustomer>('CartCustomer')(z.object({ id: z.string(), name: z.string().nullable(), e_mail_address: z.string().nullable() }))

const cartLineSchema = contract<CartLine>('CartLine')(
  z.object({
    cartId: z.string().describe('the line id: POST /cart/items/{cartId} changes it'),
    item_id: z.int(),
    link: z.string(),
    image: z.string().nullable(),
    name: z.string(),
    detail: z.string(),
    color: z.string(),
    colors: z.array(z.string()),
    size: z.string(),
    qty: z.int(),
    max_qty: z.int().describe('most pieces this line may hold: stock, and the per-line cap'),
    in_stock: z.boolean(),
    skip_qty_controls: z.boolean(),
    bundled_with: z.string().nullable().describe('cartId of the line this one is bundled with'),
    social_media_special: z.boolean(),
    price: z.number().describe('unit price, in dollars'),
    original_price: z.number().nullable(),
    total: z.number(),
    original_total: z.number().nullable(),
    banner: z.string().nullable(),
    discount_class: z.string().describe('comma list'),
    members_only: z.boolean().describe('a VIP exclusive checkout will refuse: the shopper is not a member and the cart does not join the club'),
    exchange: z.boolean().describe("a member's exchange: the replacement piece, reserved and free; the cart's exchange_label says for which order"),
  }),
)

const discountCodeDetailsSchema = contract<DiscountCodeDetails>('DiscountCodeDetails')(
  z.object({
    bullets: z.array(z.string()),
    included_classes: z.array(z.string()),
    excluded_classes: z.array(z.string()),
    percentage_amount: z.number(),
    custom: z.string().nullable(),
  }),
)

const featuredItemSchema = contract<FeaturedItem>('FeaturedItem')(
  z.object({ id: z.int(), link: z.string(), name: z.string(), color: z.string(), image: z.string().nullable(), price: z.number() }),
)

const cartBannerSchema = contract<CartBanner>('CartBanner')(
  z.object({
    text: z.string().nullable(),
    buttonText: z.string().nullable(),
    buttonLink: z.string().nullable(),
    image: z.string().nullable(),
    css_class: z.string().nullable(),
  }),
)

export const cartSchema = contract<Cart>('Cart')(
  z
    .object({
      customer: cartCustomerSchema.nullable(),
      items: z.array(cartLineSchema),
      item_count: z.int().describe('pieces in the cart, counting quantities'),
      checkout_flow: z.string().describe("'free_flow', 'checkout_club_flow', ..."),
      cart_subtotal: z.number(),
      cart_discount: z.number().describe('what the bundle offers save plus what the code takes off'),
      bundle_discount: z.number().describe("what the bundle offers ('3 for $75') save: the part of cart_discount that is not the code's"),
      cart_shipping: z.number(),
      cart_tax: z.number(),
      cart_total: z.number(),
      free_shipping_threshold: z.number(),
      free_shipping_remaining: z.number(),
      standard_shipping_cost: z.number(),
      discount_code_name: z.string().nullable(),
      discount_code_info: z.string().nullable(),
      discount_code_details: discountCodeDetailsSchema.nullable(),
      default_coupon_active: z.boolean(),
      club_monthly: z.number().nullable(),
      club_overdue: z.boolean(),
      club_paused: z.boolean(),
      club_discount_percentage: z.number(),
      has_club: z.boolean(),
      has_club_in_cart: z.boolean(),
      bought_club: z.boolean(),
      featured_items: z.array(featuredItemSchema),
      code_worse_than_club: z.boolean(),
      saw_club_upsell: z.boolean(),
      has_social_media_special: z.boolean(),
      loggedin: z.boolean(),
      banners: z.array(cartBannerSchema),
      proceed_to_checkout_link: z.string(),
      ineligible_for_social_media: z.boolean(),
      free_promo_eligible: z.boolean(),
      removed_free_promo: z.boolean(),
      registration_locked: z.boolean(),
      afterpay_available: z.boolean(),
      savings: z.number(),
      event_queue: z.array(z.unknown()),
      exchange_label: z.string().nullable().describe("a member's exchange in the cart, in words: 'Exchange for order 1234567890: Leggings (Black) in M'; null without one"),
      one_click_available: z.boolean(),
      cancelled_before: z.boolean(),
      purchased: z.boolean().describe('the shopper has a paid order at this brand, or this session placed one'),
      session_orders: z.array(z.string()).describe('order numbers placed in this session'),
      promo_eligible: z.boolean(),
    })
    .meta({ description: "The shopper's cart (SPEC §3), money in dollars" }),
)
