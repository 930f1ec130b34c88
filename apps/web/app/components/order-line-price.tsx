/**
 * What an order line cost: its pieces at their price, and, when the order's discounts (a bundle, a
 * code) took part of it, that struck through beside what was paid for it. The order's Subtotal is
 * the sum of the first figures, so the lines and the totals below them read as one sum.
 */
import { formatPrice, toCents, fromCents } from '@store/core'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

export function OrderLinePrice({ line, className }: { line: { price: number; qty: number; total: number; cancelled?: boolean }; className: string }) {
  const before = fromCents(toCents(line.price) * line.qty)
  const paid = line.total
  if (line.cancelled) {
    return (
      <p className={className}>
        <del>{money(paid)}</del>
      </p>
    )
  }
  if (toCents(paid) >= toCents(before)) return <p className={className}>{money(paid)}</p>
  return (
    <p className={className}>
      <span className="visually-hidden">Before discounts </span>
      <del>{money(before)}</del> <span className="visually-hidden">, paid </span>
      {money(paid)}
    </p>
  )
}
