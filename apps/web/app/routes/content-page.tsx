/**
 * Content pages from the content service: /page/{slug} (page/pf23-new-drop-cb,
 * page/pf-lastchance, ...) and every other path the router does not know (the
 * catch-all, {name}-test pages included). A slug with no page is a 404.
 */
import '../components/content/content.css'
import { contentDescription, loadContentPage } from '../components/content/content-loader'
import { ContentPageView } from '../components/content/content-page-view'
import { contentPagePath } from '@store/core'
import { notFoundMeta, pageMeta } from '../lib/meta'
import type { Route } from './+types/content-page'

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadContentPage(context, params['*'] ?? '')
  return { page }
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page
  if (!page) return notFoundMeta(args)
  // one address per page: /pf-lastchance (catch-all) and /page/about-us say /page/pf-lastchance and /about-us
  return pageMeta(args, page.name, { description: contentDescription(page), canonicalPath: contentPagePath(page.slug) })
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />
}
