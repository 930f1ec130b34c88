/** The care guide: the 'care' content page. */
import '../components/content/content.css'
import { contentDescription, loadContentPage } from '../components/content/content-loader'
import { ContentPageView } from '../components/content/content-page-view'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/care'

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'care') }
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page
  return pageMeta(args, page?.name ?? 'Care Guide', { description: contentDescription(page) })
}

export default function CarePage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />
}
