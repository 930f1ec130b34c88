/** The checkout with nothing in the cart: back here from the funnel after paying, the order this session placed last is where the shopper was. */
import { StoreLink } from '../store-link'

export function EmptyCheckout({ placed, shoppingPath }: { placed: string | undefined; shoppingPath: string }) {
  return (
    <div className="container page page-narrow">
      <h1 className="page-title">Secure Checkout</h1>
      {placed ? (
        <p role="status">
          Your order {placed} is placed. <StoreLink to={`/thank-you?order=${encodeURIComponent(placed)}`}>See your order</StoreLink>
        </p>
      ) : null}
      <p>Your cart is empty.</p>
      <p>
        <StoreLink to={shoppingPath} className="button button-primary">
          Continue shopping
        </StoreLink>
      </p>
    </div>
  )
}
