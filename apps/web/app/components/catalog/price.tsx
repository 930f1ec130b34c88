/** A price as the store shows it (SPEC §5), with the struck-through original beside it when there is one. */
import { formatPrice } from '@store/core'

export function Price({ price, original, className }: { price: number; original?: number | null; className?: string }) {
  const onSale = original != null && original > price
  return (
    <span className={className ? `price ${className}` : 'price'}>
      {onSale ? (
        <>
          <span className="visually-hidden">Sale price </span>
          <span className="price-now price-sale">{formatPrice(price)}</span>{' '}
          <s className="price-was">
            <span className="visually-hidden">was </span>
            {formatPrice(original)}
          </s>
        </>
      ) : (
        <span className="price-now">{formatPrice(price)}</span>
      )}
    </span>
  )
}
