/**
 * The cart's answer, remembered for exactly what it was made of.
 *
 * getCart reads everything the answer depends on (the open cart and its lines as
 * the database gave them, the shopper, the discount code, the brand's cached
 * settings, banners, order bumps and suggestions) into one `CartInputs`, then
 * makes the answer with a pure function of those inputs (buildCart). Reading the
 * inputs is not skipped: the database is asked every time, as before. What is
 * remembered is the work after the read (parsing the lines, pricing, shaping
 * the answer and writing it as JSON): when every input is the same as the last
 * time this cart was answered, the answer is the same too, so the remembered one
 * is served, and its JSON text with it (http/serializer.ts sharedAnswer).
 *
 * Why this is safe:
 * - The key is every input, in full: the cart's row and lines as text (on
 *   SQLite the very JSON text SQLite returned; anything else as JSON), the
 *   shopper's and the code's fields, the brand. `cartInputsKey` is typed so
 *   that an input added to CartInputs without a part of the key fails to
 *   compile.
 * - The brand's cached values are keyed by identity: the caches hand out one
 *   frozen object until they load again (TTL, invalidation), and a new object
 *   gets a new number. So a price change, a stock change, a change of lines,
 *   code or membership changes the key at once, as soon as the database says so.
 * - Two shoppers share an answer only when every input is the same, and then
 *   the answer is the same by construction; besides, an entry is found under
 *   the brand, the cart's id and the customer, and its whole key is compared.
 */
import type { Cart, CartBanner } from '@store/core'
import type { Shopper } from '../accounts/shopper.ts'
import type { DiscountCodesRow } from '../db/schema.ts'
import { sharedAnswer } from '../http/serializer.ts'
import { deepFreeze } from '../shared/ttl-cache.ts'
import type { BrandBundleOffers } from './cart-promotions.queries.ts'
import type { CartHead, CartSettingsRow } from './cart.queries.ts'

/** What a suggestion in the drawer is made of (catalog's cached featured rows). */
interface FeaturedSource {
  id: number
  name: string
  color: string
  image: string | null
  price_cents: number
  original_price_cents: number | null
  member_price_cents: number | null
}

/** Everything the cart's answer is made of. buildCart reads nothing else. */
export interface CartInputs {
  brandId: string
  /** the open cart's own row, or null when the shopper has none */
  cart: CartHead | null
  /** the open cart's lines as the database gave them (JSON text on SQLite), read by sortedLines */
  linesJson: unknown
  shopper: Shopper
  /** the discount code the cart carries */
  code: DiscountCodesRow | undefined
  /** the brand's cached values: one frozen object each until their cache loads again */
  settings: CartSettingsRow
  banners: readonly CartBanner[]
  bumpIds: readonly string[]
  /** the brand's bundle offers and the items counting towards them */
  bundles: BrandBundleOffers
  /** the brand's VIP exclusive item ids (checkout/members-only.ts, cached): the lines checkout would refuse are marked */
  vipExclusives: ReadonlySet<number>
  featured: readonly FeaturedSource[]
  /** the orders this session placed (the session's own list, read with it) */
  sessionOrders: readonly string[]
  /** the last of them takes a one-time offer with one click */
  oneClick: boolean
}

const identities = new WeakMap<object, number>()
let lastIdentity = 0

/** A number for a shared cached value, never given to another (frozen on first sight: keyed by identity, it must not change). */
function identityOf(value: object): string {
  let id = identities.get(value)
  if (id === undefined) {
    deepFreeze(value)
    id = ++lastIdentity
    identities.set(value, id)
  }
  return String(id)
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null))

/** One part of the key for each input: the compiler holds the list to CartInputs. */
const keyParts: { readonly [K in keyof CartInputs]: (value: CartInputs[K]) => string } = {
  brandId: (brandId) => brandId,
  cart: (cart) => (cart === null ? '' : JSON.stringify([cart.id, cart.discount_code_id, cart.checkout_flow, cart.saw_club_upsell, cart.removed_free_promo, cart.offer_code])),
  linesJson: asText,
  shopper: (shopper) => JSON.stringify(shopper),
  code: (code) => (code === undefined ? '' : JSON.stringify(code)),
  settings: identityOf,
  banners: identityOf,
  bumpIds: identityOf,
  bundles: identityOf,
  vipExclusives: identityOf,
  featured: identityOf,
  sessionOrders: (orders) => orders.join(','),
  oneClick: String,
}
const keyNames = Object.keys(keyParts) as (keyof CartInputs)[]

/** The whole of the inputs as one text: equal texts, equal inputs. */
export function cartInputsKey(inputs: CartInputs): string {
  let key = ''
  for (const name of keyNames) {
    const part = (keyParts[name] as (value: unknown) => string)(inputs[name])
    // each part's length first: no two different lists of parts make the same text
    key += `${part.length}:${part}|`
  }
  return key
}

interface Entry {
  key: string
  cart: Cart
}

/** Remembered answers per database (tests open several), at most `maxEntries` carts each, least recently used go first. */
export class CartMemo {
  private readonly perDatabase = new WeakMap<object, Map<string, Entry>>()

  constructor(private readonly maxEntries = 1000) {}

  /**
   * The answer for these inputs: the remembered one when this cart was last answered from
   * the same inputs, else `build(inputs)`, remembered (frozen, its JSON written once).
   */
  answer(db: object, inputs: CartInputs, build: (inputs: CartInputs) => Cart): Cart {
    let entries = this.perDatabase.get(db)
    if (!entries) {
      entries = new Map()
      this.perDatabase.set(db, entries)
    }
    const slot = `${inputs.brandId}\u0000${inputs.cart?.id ?? ''}\u0000${inputs.shopper.customerId ?? ''}`
    const key = cartInputsKey(inputs)
    const hit = entries.get(slot)
    entries.delete(slot)
    if (hit && hit.key === key) {
      entries.set(slot, hit)
      return hit.cart
    }
    const cart = sharedAnswer(build(inputs))
    entries.set(slot, { key, cart })
    if (entries.size > this.maxEntries) entries.delete(entries.keys().next().value as string)
    return cart
  }
}
