/**
 * Afterpay in the stand-in for api.stripe.com (fake-stripe.ts), as Stripe's test mode shows it: a
 * PaymentIntent confirmed with afterpay_clearpay and a return_url waits requires_action with
 * next_action.redirect_to_url, a page of the fake whose two links authorize or fail the test
 * payment and send the shopper back to return_url with payment_intent,
 * payment_intent_client_secret and redirect_status.
 */
import type { ServerResponse } from 'node:http'
import { type Answer, type Call, type Intent, invalid, metadataOf, type StripeBook } from './fake-stripe-book.ts'

export function fakeAfterpay(book: StripeBook) {
  /**
   * An Afterpay PaymentIntent, confirmed at creation: Stripe asks for the return_url, the shipping address and
   * the billing details, then leaves it requires_action with next_action.redirect_to_url (Afterpay's page).
   */
  const start = (call: Call, origin: string): Answer => {
    const { form } = call
    const types = [...form].filter(([name]) => /^(allowed_)?payment_method_types\[\d+\]$/.test(name)).map(([, value]) => value)
    if (!types.includes('afterpay_clearpay')) return invalid('The payment method type afterpay_clearpay is not allowed for this PaymentIntent.', 'payment_method_data[type]')
    const returnUrl = form.get('return_url')
    if (form.get('confirm') === 'true' && !returnUrl)
      return invalid('A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods that may redirect.', 'return_url')
    if (!form.get('shipping[address][line1]') || !form.get('shipping[name]')) return invalid('Afterpay / Clearpay requires a shipping address.', 'shipping')
    if (!form.get('payment_method_data[billing_details][email]') || !form.get('payment_method_data[billing_details][name]'))
      return invalid('Afterpay / Clearpay requires the billing name and email.', 'payment_method_data[billing_details]')
    const id = `pi_${book.next()}`
    const n = book.next()
    const methodId = `pm_${n}`
    book.madeMethods.set(methodId, {
      id: methodId,
      object: 'payment_method',
      type: 'afterpay_clearpay',
      afterpay_clearpay: {},
      billing_details: { name: form.get('payment_method_data[billing_details][name]'), email: form.get('payment_method_data[billing_details][email]') },
    })
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      client_secret: `${id}_secret_${n}`,
      confirmation_method: 'automatic',
      customer: form.get('customer'),
      payment_method: methodId,
      payment_method_types: ['afterpay_clearpay'],
      shipping: { name: form.get('shipping[name]'), address: { line1: form.get('shipping[address][line1]'), city: form.get('shipping[address][city]') } },
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', redirect_to_url: { url: `${origin}/afterpay_clearpay/${id}/authorize`, return_url: returnUrl } },
      last_payment_error: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      metadata: metadataOf(form),
    }
    book.intents.set(id, intent)
    return { status: 200, body: book.intentBody(intent, true) }
  }

  /** The shopper's answer on Afterpay's page: the PaymentIntent paid, or back to requires_payment_method. Where to send the shopper. */
  const decide = (id: string, outcome: 'approve' | 'decline'): string | null => {
    const intent = book.intents.get(id)
    if (intent?.status !== 'requires_action' || (intent.next_action as { type?: string } | null)?.type !== 'redirect_to_url') return null
    const returnUrl = String((intent.next_action as { redirect_to_url: { return_url: string } }).redirect_to_url.return_url)
    intent.next_action = null
    if (outcome === 'approve') {
      intent.status = 'succeeded'
      intent.amount_received = intent.amount
      intent.latest_charge = `ch_${book.next()}`
    } else {
      // Stripe: the attempt failed, the PaymentMethod detached from the PaymentIntent
      intent.status = 'requires_payment_method'
      intent.payment_method = null
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_payment_attempt_failed',
        message:
          'The latest payment attempt of this PaymentIntent has failed or been canceled, and the attached payment method has been removed. You can try confirming again with a new payment method.',
      }
    }
    const back = new URL(returnUrl)
    back.searchParams.set('payment_intent', id)
    back.searchParams.set('payment_intent_client_secret', String(intent.client_secret))
    back.searchParams.set('redirect_status', outcome === 'approve' ? 'succeeded' : 'failed')
    return back.toString()
  }

  /** Afterpay's page in Stripe's test mode: authorize or fail the test payment. */
  const page = (path: string, response: ServerResponse): boolean => {
    const page = /^\/afterpay_clearpay\/(pi_\d+)\/(authorize|approve|decline)$/.exec(path)
    if (!page) return false
    const [, id, step] = page
    if (step === 'authorize') {
      const intent = book.intents.get(id!)
      const amount = `$${(Number(intent?.amount ?? 0) / 100).toFixed(2)}`
      response.writeHead(intent ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      response.end(
        `<!doctype html><html lang="en"><head><title>Afterpay test payment</title></head><body><main><h1>Afterpay test payment page</h1>` +
          `<p>Pay ${amount} in 4 instalments.</p><p><a href="/afterpay_clearpay/${id}/approve">Authorize test payment</a></p>` +
          `<p><a href="/afterpay_clearpay/${id}/decline">Fail test payment</a></p></main></body></html>`,
      )
      return true
    }
    const back = decide(id!, step as 'approve' | 'decline')
    if (!back) {
      response.writeHead(409, { 'content-type': 'text/plain' })
      response.end('This payment is not waiting for Afterpay.')
      return true
    }
    response.writeHead(302, { location: back })
    response.end()
    return true
  }

  return { start, decide, page }
}
