/** A social media special's landing page: the lander, the offer, the size and the claim button (a plain form). */
import '../../styles/checkout.css'
import { formatPrice } from '@store/core'
import { Form, useNavigation } from 'react-router'
import type { ApiErrorItem } from '../../lib/api/types'
import { isClubSpecial, type SpecialLanding } from '../../lib/checkout/special-landing'
import { useSettings } from '../../lib/store/store-provider'
import { StoreLink } from '../store-link'
import { SizePicker } from './size-picker'

export function SpecialLandingView({ landing, errors = [] }: { landing: SpecialLanding; errors?: ApiErrorItem[] }) {
  const { special, lander, item, blocked } = landing
  const settings = useSettings()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const image = lander?.image ?? item?.images.image1?.url ?? null
  const sizes = item?.availableSizes ?? []
  const sizeError = errors.find((e) => e.field === 'size')?.message
  return (
    <div className="container offer-page">
      <div className="offer-hero">
        {image ? <img src={image} alt={lander?.headline ?? item?.name ?? ''} width={1200} height={600} /> : null}
        <div className="offer-copy">
          <h1 className="page-title">{lander?.headline ?? special.landing_page_headline}</h1>
          {lander ? <p className="offer-subhead">{special.landing_page_headline}</p> : null}
          <p>{special.main_item_description}</p>
          <p className="offer-price">
            {/* a free gift (a special at $0, SPEC §4): free, the shipping paid */}
            {special.price === 0 ? 'Free: you pay only the shipping' : formatPrice(special.price, { keepZeroCents: true })}
            {item && item.price > special.price ? <span className="field-hint"> (usually {formatPrice(item.price, { keepZeroCents: true })})</span> : null}
          </p>
          {special.free_shipping ? <p className="notice">Free shipping on this offer.</p> : null}
          {isClubSpecial(special) && blocked !== 'member' ? (
            // what claiming does: the club's join, its first month paying for the piece
            <p className="notice club-special-terms" data-testid="club-special-terms">
              This offer starts your {settings.clubName || 'VIP'} membership: {formatPrice(special.price, { keepZeroCents: true })} today for your first month, this piece its first
              pick, then {formatPrice(settings.clubMonthly ?? special.price, { keepZeroCents: true })} a month until you cancel.
              {landing.loggedin ? '' : ' Your membership belongs to your account: you log in or create one at checkout.'}
            </p>
          ) : null}
          {blocked === 'member' ? (
            <p className="notice" role="note">
              Social media specials are for new customers. As a {settings.clubName || 'VIP'} member you already shop at member prices:{' '}
              <StoreLink to={settings.mainShoppingPath || '/'}>see today's picks</StoreLink>.
            </p>
          ) : blocked === 'already' ? (
            <p className="notice" role="note">
              Your cart already holds a social media special (one per order). <StoreLink to="/checkout">Go to checkout</StoreLink>.
            </p>
          ) : item && sizes.length > 0 ? (
            <Form method="post" className="offer-actions">
              <div role="alert" className="form-error">
                {errors
                  .filter((e) => e.field !== 'size')
                  .map((e) => (
                    <p key={e.message}>{e.message}</p>
                  ))}
              </div>
              <SizePicker sizes={sizes} error={sizeError} legend="Choose your size" />
              <button type="submit" className="button button-primary button-block" disabled={busy}>
                {busy ? 'Claiming…' : special.price === 0 ? 'Claim my free gift' : `Claim my ${formatPrice(special.price, { keepZeroCents: true })} offer`}
              </button>
            </Form>
          ) : (
            <p className="notice">This offer is sold out for now.</p>
          )}
        </div>
      </div>
    </div>
  )
}
