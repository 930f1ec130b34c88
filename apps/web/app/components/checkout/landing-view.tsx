/** A landing page: a special's, or an offer code's (its price and code, one button into the shop). */
import '../../styles/checkout.css'
import { formatPrice } from '@store/core'
import { Form, useNavigation } from 'react-router'
import type { ApiErrorItem } from '../../lib/api/types'
import type { Landing } from '../../lib/checkout/landing'
import { useSettings } from '../../lib/store/store-provider'
import { SpecialLandingView } from './special-landing-view'

export function LandingView({ landing, errors = [] }: { landing: Landing; errors?: ApiErrorItem[] }) {
  const settings = useSettings()
  const navigation = useNavigation()
  if (landing.kind === 'special') return <SpecialLandingView landing={landing.landing} errors={errors} />
  const { terms, ineligible } = landing
  const club = terms.kind === 'club'
  return (
    <div className="container page page-narrow offer-page">
      <h1 className="page-title">{club ? `Join ${settings.clubName || 'VIP'}: your first piece for ${formatPrice(terms.price)}` : `Our ${formatPrice(terms.price)} offer`}</h1>
      <p>
        {club
          ? // the plural needs no article ("a Underwear" was ckb's): "Your first pick of underwear for $24.99"
            `Start your membership: your first pick of ${(settings.mainProductPlural || 'our best sellers').toLowerCase()} for ${formatPrice(terms.price, { keepZeroCents: true })}, then a new pick every month. Skip or cancel anytime.`
          : `Shop ${settings.mainProductPlural || 'our best sellers'} with code ${terms.discountCode}, taken off at checkout.`}
      </p>
      {ineligible ? (
        <p className="notice" role="note">
          This offer is for new customers: as a {settings.clubName || 'VIP'} member you already shop at member prices.
        </p>
      ) : (
        <Form method="post" className="offer-actions">
          <div role="alert" className="form-error">
            {errors.map((e) => (
              <p key={e.message}>{e.message}</p>
            ))}
          </div>
          <button type="submit" className="button button-primary button-block" disabled={navigation.state !== 'idle'}>
            {club ? 'Claim my VIP offer' : 'Shop the offer'}
          </button>
        </Form>
      )}
    </div>
  )
}
