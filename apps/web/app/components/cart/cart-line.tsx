/** One cart line: image, name, colour, size, price, quantity controls, remove; bundle items under it. */
import { CLUB_LANDING_PATH, displaySize, formatPrice, sizeCaption, type FoldedLine } from '@store/core'
import type { CartLine as Line } from '../../lib/api/types'
import { useCart, useSettings, useStore } from '../../lib/store/store-provider'
import { MinusIcon, PlusIcon } from '../layout/icons'
import { StoreLink } from '../store-link'
import { CartForm } from './cart-form'
import { showOriginal } from './cart-math'

export function CartLineRow({ line }: { line: FoldedLine<Line> }) {
  const { brand } = useStore()
  const { clubName } = useSettings()
  const { cart, updateLine, removeLine, cartUpdating } = useCart()
  const size = line.size ? displaySize(line.size, brand.id) : null
  const color = line.colors?.length ? line.colors.join(' / ') : line.color
  const maxQty = line.max_qty ?? 10
  const canIncrease = line.qty < maxQty

  return (
    <li className="cart-line">
      <div className="cart-line-image">{line.image ? <img src={line.image} alt="" width={80} height={100} loading="lazy" decoding="async" /> : null}</div>
      <div className="cart-line-info">
        <p className="cart-line-name">{line.link ? <StoreLink to={line.link}>{line.name}</StoreLink> : line.name}</p>
        <p className="cart-line-meta">
          {color ? <span>{color}</span> : null}
          {size ? <span>{sizeCaption(size)}</span> : null}
        </p>
        {line.bundle_items?.length ? (
          <div className="cart-line-bundle">
            <p>
              Bundle of {line.bundle_count} {line.bundle_count === 1 ? 'piece' : 'pieces'}:
            </p>
            <ul>
              {line.bundle_items.map((item) => (
                <li key={item.name}>
                  {item.count} × {item.name}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {line.banner ? <p className="cart-line-banner">{line.banner}</p> : null}
        {line.exchange ? <ExchangeNote label={cart?.exchange_label ?? null} /> : null}
        {line.members_only ? <MembersOnlyNote clubName={clubName} /> : null}
        {line.in_stock === false ? <StockNote maxQty={line.max_qty ?? 0} /> : null}
        <div className="cart-line-controls">
          {line.skip_qty_controls ? (
            <p className="cart-line-qty-fixed">Qty {line.qty}</p>
          ) : (
            <CartForm intent="update" fields={{ cartId: line.cartId }} className="qty-control">
              <button
                type="submit"
                name="qty"
                value={line.qty - 1}
                className="qty-button"
                aria-label={line.qty <= 1 ? `Remove ${line.name}` : `Decrease quantity of ${line.name}`}
                aria-disabled={cartUpdating || undefined}
                onClick={(e) => {
                  e.preventDefault()
                  if (!cartUpdating) void updateLine(line.cartId, line.qty - 1)
                }}
              >
                <MinusIcon />
              </button>
              <span className="qty-value">
                <span className="visually-hidden">Quantity </span>
                {line.qty}
              </span>
              <button
                type="submit"
                name="qty"
                value={line.qty + 1}
                className="qty-button"
                aria-label={`Increase quantity of ${line.name}`}
                aria-disabled={cartUpdating || !canIncrease || undefined}
                onClick={(e) => {
                  e.preventDefault()
                  if (!cartUpdating && canIncrease) void updateLine(line.cartId, line.qty + 1)
                }}
              >
                <PlusIcon />
              </button>
            </CartForm>
          )}
          <CartForm intent="remove" fields={{ cartId: line.cartId }}>
            <button
              type="submit"
              className="link-button"
              aria-disabled={cartUpdating || undefined}
              aria-label={`Remove ${line.name}`}
              onClick={(e) => {
                e.preventDefault()
                if (!cartUpdating) void removeLine(line.cartId)
              }}
            >
              Remove
            </button>
          </CartForm>
        </div>
      </div>
      <div className="cart-line-price">
        {showOriginal(line.original_total, line.total) ? (
          <s className="price-original">
            <span className="visually-hidden">Was </span>
            {formatPrice(line.original_total, { keepZeroCents: true })}
          </s>
        ) : null}
        <span className={showOriginal(line.original_total, line.total) ? 'price-sale' : 'price'}>
          {showOriginal(line.original_total, line.total) ? <span className="visually-hidden">Now </span> : null}
          {formatPrice(line.total, { keepZeroCents: true })}
        </span>
        {line.qty > 1 ? <span className="price-each">{formatPrice(line.price, { keepZeroCents: true })} each</span> : null}
      </div>
    </li>
  )
}

/**
 * A member's exchange (the cart's exchange_label, docs/decisions/223): "Exchange for order …: Leggings
 * (Black) in M", and that it costs nothing and is held for a while.
 */
export function ExchangeNote({ label }: { label: string | null }) {
  return (
    <p className="cart-line-exchange" data-testid="exchange-label">
      <strong>{label ?? 'Exchange'}</strong>. Nothing to pay: confirm it at checkout within 30 minutes, or the piece goes back on sale.
    </p>
  )
}

/** A VIP exclusive that checkout will refuse this shopper (the line's members_only): said on the line, with the way to buy it. */
export function MembersOnlyNote({ clubName }: { clubName: string | null }) {
  const club = clubName ?? 'VIP'
  return (
    <p className="cart-line-warning" data-testid="cart-line-members-only">
      {club} members only: <StoreLink to={CLUB_LANDING_PATH}>join {club}</StoreLink> or remove it to check out.
    </p>
  )
}

/**
 * A line checkout would refuse for its stock: none left (sold out since it was added, or the item taken off
 * sale), or fewer than the line holds. Says what to do about it, as checkout's own 409 would.
 */
export function StockNote({ maxQty }: { maxQty: number }) {
  return <p className="cart-line-warning">{maxQty <= 0 ? 'Sold out: remove it to check out.' : `Only ${maxQty} left: lower the quantity to check out.`}</p>
}
