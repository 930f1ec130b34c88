/** /landing/{id} and /funneltestoct17/{id}: a special's or an offer code's landing (lib/checkout/landing.ts). */
import { LandingView } from '../components/checkout/landing-view'
import { landingAction, loadLanding } from '../lib/checkout/landing'
import { notFoundMeta, pageMeta } from '../lib/meta'
import type { Route } from './+types/landing'

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return notFoundMeta(args)
  return pageMeta(args, args.data.kind === 'special' ? args.data.landing.special.landing_page_headline : 'Welcome', { noindex: true })
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadLanding(context.services, params.id, new URL(request.url).searchParams.get('lander'))
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return landingAction(context.services, params.id, request, async () => (await context.services.settings()).mainShoppingPath || '/')
}

export default function Landing({ loaderData, actionData }: Route.ComponentProps) {
  return <LandingView landing={loaderData} errors={actionData?.errors} />
}
