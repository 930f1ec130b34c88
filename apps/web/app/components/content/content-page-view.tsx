/**
 * A content page: its headline (kept for screen readers when hide_headline is
 * set, so every page still has one h1), its body and its blocks.
 */
import type { ReactNode } from 'react'
import { ContentBlocks } from './content-blocks'
import type { ContentPage as Page } from '../../lib/api/types'
import { RichText } from './rich-text'

export function ContentPageView({ page, title, children, wide = false }: { page: Page; title?: string; children?: ReactNode; wide?: boolean }) {
  const headline = title ?? page.name
  return (
    <article className={wide ? 'container page content-page content-page-wide' : 'container page content-page'}>
      <h1 className={page.hide_headline ? 'visually-hidden' : 'page-title'}>{headline}</h1>
      {page.body ? <RichText source={page.body} className="content-lead" /> : null}
      <ContentBlocks blocks={page.blocks ?? []} />
      {children}
    </article>
  )
}
