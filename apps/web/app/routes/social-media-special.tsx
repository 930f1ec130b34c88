/**
 * A social media special's landing (/social_media_specials/{id}; slim layout,
 * hidden from search): pf-vip-optin-csr, pf-vip-optin-main, ckb-vip-optin in the
 * seed. ?lander= picks a lander of the split test. Unknown special: 404.
 */
import { SpecialLandingView } from '../components/checkout/special-landing-view'
import { notFound } from '../components/catalog/loader-helpers'
import { claimSpecial, loadSpecialLanding } from '../lib/checkout/special-landing'
import { notFoundMeta, pageMeta } from '../lib/meta'
import type { Route } from './+types/social-media-special'

export const meta: Route.MetaFunction = (args) => (args.data ? pageMeta(args, args.data.special.landing_page_headline, { noindex: true }) : notFoundMeta(args))

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const landing = await loadSpecialLanding(context.services, params.id, new URL(request.url).searchParams.get('lander'))
  if (!landing) throw notFound('No such special')
  return landing
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return claimSpecial(context.services, params.id, request)
}

export default function SocialMediaSpecial({ loaderData, actionData }: Route.ComponentProps) {
  return <SpecialLandingView landing={loaderData} errors={actionData?.errors} />
}
