/**
 * What the stand-in for api.stripe.com (fake-stripe.ts) keeps, and Stripe's objects as it answers
 * them: the PaymentIntents and SetupIntents made, the PaymentMethods (the test cards, and those
 * made from payment_method_data), and the ids it hands out.
 */

export interface Call {
  method: string
  path: string
  idempotencyKey: string | undefined
  authorization: string | undefined
  form: URLSearchParams
}

export type Intent = Record<string, unknown> & { id: string; status: string }

export type Answer = { status: number; body: unknown }

const CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3184' },
  pm_card_visa_applePay: { brand: 'visa', last4: '4242' },
}

/** The `metadata[name]=value` fields of a form, as Stripe keeps them. */
export function metadataOf(form: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    [...form].flatMap(([name, value]) => {
      const field = /^metadata\[(.+)\]$/.exec(name)
      return field ? [[field[1]!, value]] : []
    }),
  )
}

/** Stripe's answer to a call missing a parameter. */
export const invalid = (message: string, param: string): Answer => ({ status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_missing', param, message } } })

export type StripeBook = ReturnType<typeof stripeBook>

/** An empty book: what one fake Stripe keeps. */
export function stripeBook() {
  const intents = new Map<string, Intent>()
  /** PaymentMethods made from payment_method_data (afterpay_clearpay), by id */
  const madeMethods = new Map<string, Record<string, unknown>>()
  let n = 0
  const paymentMethod = (id: string) =>
    madeMethods.get(id) ?? {
      id,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: CARDS[id]?.brand ?? 'visa',
        last4: CARDS[id]?.last4 ?? '4242',
        exp_month: 12,
        exp_year: 2030,
        funding: 'credit',
        country: 'US',
        // a card from Apple Pay (the Payment Request Button) is a card PaymentMethod with its wallet named
        wallet: id === 'pm_card_visa_applePay' ? { type: 'apple_pay', dynamic_last4: '4242', apple_pay: {} } : null,
      },
    }
  return {
    intents,
    madeMethods,
    /** the next number of an id (pi_…, cus_…, evt_…): one sequence for every kind */
    next: () => ++n,
    paymentMethod,
    /** an intent as Stripe answers it; `expand`: its payment_method as the object, not its id */
    intentBody: (intent: Intent, expand: boolean) => ({
      ...intent,
      payment_method: expand && typeof intent.payment_method === 'string' ? paymentMethod(intent.payment_method) : intent.payment_method,
    }),
  }
}
