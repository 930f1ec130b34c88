/**
 * What a shopper can do with an order on /orders (docs/orders.md): cancel it, return pieces, or,
 * as a club member, exchange a piece for another size or another colour of its style at the same
 * price (reserved into the cart, placed at checkout: docs/decisions/223 and 252); and the order's history. The forms post
 * to /orders and work without JavaScript; the server says which actions the order allows now
 * (`actions`) and refuses anything else with the reason.
 */
import { formatPrice, sizeCaption, type Order } from '@store/core'
import { Form, useNavigation } from 'react-router'
import type { ApiErrorItem } from '../../lib/api/types'
import { FormErrors } from '../forms/form-field'
import { orderDate } from './order-card'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

const RETURN_REASONS = ['Too small', 'Too big', 'Not as pictured', 'Changed my mind', 'Arrived damaged']

const DONE_TEXT: Record<string, string> = {
  cancel: 'Your order is cancelled and refunded.',
  return: 'Your return is requested: we have e-mailed you the instructions.',
}

export function OrderActions({ order, result }: { order: Order; result: { errors: ApiErrorItem[]; done: string | null } | null }) {
  const busy = useNavigation().state === 'submitting'
  const returnable = order.items.filter((line) => !line.final_sale && !line.cancelled && line.qty - line.refunded_qty > 0 && line.price > 0)
  const id = `order-actions-${order.order_number}`
  const canCancel = order.actions.includes('cancel')
  const canReturn = order.actions.includes('request_return') && returnable.length > 0
  const canExchange = order.actions.includes('request_exchange') && returnable.length > 0
  const inColours = returnable.filter((line) => line.exchange_colors.length > 0)
  if (!canCancel && !canReturn && !canExchange && !result) return null
  return (
    <section className="order-actions" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="order-subtitle">
        Changes to this order
      </h3>
      {result?.done ? (
        <p className="notice" role="status">
          {DONE_TEXT[result.done] ?? 'Done.'}
        </p>
      ) : null}
      <FormErrors id={`${id}-errors`} errors={result?.errors ?? []} />
      {canCancel ? (
        <Form method="post" className="order-action">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="order_number" value={order.order_number} />
          <p>You can still cancel this order: {money(order.paid - order.refunded)} goes back to your card.</p>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Cancel order
          </button>
        </Form>
      ) : null}
      {canReturn ? (
        <details className="order-action">
          <summary>Return pieces</summary>
          <Form method="post">
            <input type="hidden" name="intent" value="return" />
            <input type="hidden" name="order_number" value={order.order_number} />
            {returnable.map((line) => (
              <fieldset key={line.line_id}>
                <legend>
                  {line.name} · {sizeCaption(line.size)}
                </legend>
                <label>
                  How many
                  <select name={`qty_${line.line_id}`} defaultValue="0">
                    {Array.from({ length: line.qty - line.refunded_qty + 1 }, (_, n) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the options are the counts 0..n themselves: the index is the value
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>{' '}
                <label>
                  Why
                  <select name={`reason_${line.line_id}`} defaultValue={RETURN_REASONS[0]}>
                    {RETURN_REASONS.map((reason) => (
                      <option key={reason}>{reason}</option>
                    ))}
                  </select>
                </label>
              </fieldset>
            ))}
            <button type="submit" className="button button-secondary" disabled={busy}>
              Request return
            </button>
          </Form>
        </details>
      ) : null}
      {canExchange ? (
        <details className="order-action">
          <summary>Exchange for another size</summary>
          {returnable.map((line) => (
            <Form method="post" key={line.line_id}>
              <input type="hidden" name="intent" value="exchange" />
              <input type="hidden" name="order_number" value={order.order_number} />
              <input type="hidden" name="line_id" value={line.line_id} />
              {line.exchange_sizes.length > 0 ? (
                <>
                  <label>
                    {line.name} ({sizeCaption(line.size)}) for size{' '}
                    <select name="size">
                      {line.exchange_sizes.map((size) => (
                        <option key={size} value={size}>
                          {sizeCaption(size)}
                        </option>
                      ))}
                    </select>
                  </label>{' '}
                  <button type="submit" className="button button-secondary" disabled={busy}>
                    Exchange
                  </button>
                </>
              ) : (
                <p>
                  {line.name} ({sizeCaption(line.size)}): no other size is in stock now, so it can't be exchanged. You can return it instead.
                </p>
              )}
            </Form>
          ))}
        </details>
      ) : null}
      {canExchange && inColours.length > 0 ? (
        <details className="order-action">
          <summary>Exchange for another colour</summary>
          {inColours.map((line) => (
            <fieldset key={line.line_id}>
              <legend>
                {line.name} ({line.color}, {sizeCaption(line.size)})
              </legend>
              {line.exchange_colors.map((colour) => (
                <Form method="post" key={colour.item_id} className="order-exchange-colour">
                  <input type="hidden" name="intent" value="exchange" />
                  <input type="hidden" name="order_number" value={order.order_number} />
                  <input type="hidden" name="line_id" value={line.line_id} />
                  <input type="hidden" name="item_id" value={colour.item_id} />
                  <span className="order-exchange-swatch" style={{ background: colour.swatch }} aria-hidden="true" />{' '}
                  <label>
                    {colour.color} in size{' '}
                    <select name="size" defaultValue={colour.sizes.includes(line.size) ? line.size : colour.sizes[0]}>
                      {colour.sizes.map((size) => (
                        <option key={size} value={size}>
                          {sizeCaption(size)}
                        </option>
                      ))}
                    </select>
                  </label>{' '}
                  <button type="submit" className="button button-secondary" disabled={busy}>
                    Exchange for {colour.color}
                  </button>
                </Form>
              ))}
            </fieldset>
          ))}
        </details>
      ) : null}
    </section>
  )
}

export function OrderHistory({ order }: { order: Order }) {
  if (order.history.length === 0) return null
  return (
    <details className="order-history">
      <summary>Order history</summary>
      <ol>
        {order.history.map((entry, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history is drawn from the loader's data and never reordered in place; the index keeps two entries of the same moment apart
          <li key={`${entry.at}-${i}`}>
            <time dateTime={entry.at}>{orderDate(entry.at)}</time>: {entry.description}
          </li>
        ))}
      </ol>
    </details>
  )
}
