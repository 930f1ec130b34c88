/** Terms, About Us and VIP Terms: content pages named by their path (/terms -> 'terms'). */
import '../components/content/content.css'
import { contentDescription, loadContentPage } from '../components/content/content-loader'
import { ContentPageView } from '../components/content/content-page-view'
import { notFoundMeta, pageMeta } from '../lib/meta'
import type { Route } from './+types/info-page'

/** The route's own path is the page's slug: terms, about-us, vipterms. */
function slugOf(request: Request): string {
  return new URL(request.url).pathname.replace(/^\/+|\/+$/g, '')
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, slugOf(request)) }
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page
  if (!page) return notFoundMeta(args)
  return pageMeta(args, page.name, { description: contentDescription(page) })
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />
}
