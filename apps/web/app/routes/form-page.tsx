/** /form/{id}: the opt-in form of a special or an offer code (lib/checkout/landing.ts); the first segment names it. */
import { LandingView } from '../components/checkout/landing-view'
import { landingAction, loadLanding } from '../lib/checkout/landing'
import { notFoundMeta, pageMeta } from '../lib/meta'
import type { Route } from './+types/form-page'

const formId = (splat: string | undefined) => (splat ?? '').split('/')[0] ?? ''

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return notFoundMeta(args)
  return pageMeta(args, args.data.kind === 'special' ? args.data.landing.special.landing_page_headline : 'Form', { noindex: true })
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadLanding(context.services, formId(params['*']), new URL(request.url).searchParams.get('lander'))
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return landingAction(context.services, formId(params['*']), request, async () => (await context.services.settings()).mainShoppingPath || '/')
}

export default function FormPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LandingView landing={loaderData} errors={actionData?.errors} />
}
