/**
 * FAQ (page/store-policies, and page/ckb-store-policies for ckb): the store
 * policies content page, its questions shown as disclosure widgets.
 */
import '../components/content/content.css'
import { ContentBlocks } from '../components/content/content-blocks'
import { contentDescription, loadContentPage } from '../components/content/content-loader'
import { faqFromBlocks, FaqList } from '../components/content/faq-list'
import { RichText } from '../components/content/rich-text'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/store-policies'

export async function loader({ request, context }: Route.LoaderArgs) {
  // page/store-policies or page/ckb-store-policies: the last part is the slug
  const slug = new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? 'store-policies'
  return { page: await loadContentPage(context, slug) }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'FAQ', { description: contentDescription(args.loaderData?.page) })
}

export default function StorePolicies({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  const { entries, other } = faqFromBlocks(page.blocks ?? [])
  return (
    <article className="container page content-page">
      <h1 className="page-title">FAQ</h1>
      {page.body ? <RichText source={page.body} className="content-lead" /> : null}
      <FaqList entries={entries} openFirst />
      <ContentBlocks blocks={other} />
    </article>
  )
}
