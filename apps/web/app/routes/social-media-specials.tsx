/**
 * Social Media Specials, the named landing path: ?id= goes to that special's
 * landing; otherwise the brand's social media offer (its discount code,
 * settings.socialMediaDiscountCode: the csr offer) with one button that sets
 * the offer on the cart and leads to the shop.
 */
import '../styles/checkout.css'
import { data, Form, redirect, useNavigation } from 'react-router'
import { formatPrice, offerTerms } from '@store/core'
import { formResult } from '../lib/api/post-form'
import { pageMeta } from '../lib/meta'
import { useSettings } from '../lib/store/store-provider'
import type { Route } from './+types/social-media-specials'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Social Media Specials', { noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  if (id && /^[\w-]{1,80}$/.test(id)) throw redirect(`/social_media_specials/${id}`)
  const cart = await context.services.cart()
  return { ineligible: cart.ineligible_for_social_media }
}

export async function action({ context }: Route.ActionArgs) {
  const result = await formResult(context.services.setCheckoutFlow({ checkout_flow: 'free_flow', offer_code: 'csr' }))
  if (!result.ok) return data({ errors: result.errors }, { status: result.status })
  throw redirect((await context.services.settings()).mainShoppingPath || '/')
}

export default function SocialMediaSpecials({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useSettings()
  const navigation = useNavigation()
  const terms = offerTerms('csr')!
  const code = settings.socialMediaDiscountCode || terms.discountCode
  return (
    <div className="container page page-narrow offer-page">
      <h1 className="page-title">Social Media Specials</h1>
      <p>
        Found us on social? Shop {settings.mainProductPlural || 'our best sellers'} from {formatPrice(terms.price)} with code <strong>{code}</strong>, taken off at checkout.
      </p>
      {loaderData.ineligible ? (
        <p className="notice" role="note">
          Social media specials are for new customers: as a {settings.clubName || 'VIP'} member you already shop at member prices.
        </p>
      ) : (
        <Form method="post" className="offer-actions">
          <div role="alert" className="form-error">
            {actionData?.errors.map((e) => (
              <p key={e.message}>{e.message}</p>
            ))}
          </div>
          <button type="submit" className="button button-primary button-block" disabled={navigation.state !== 'idle'}>
            Shop the special
          </button>
        </Form>
      )}
    </div>
  )
}
