/** Reading a content page in a loader: a bad or unknown slug is a 404. */
import type { AppLoadContext } from 'react-router'
import { notFound, orNotFound } from '../catalog/loader-helpers'
import type { ContentPage } from '../../lib/api/types'
import { markupText, parseMarkup } from './markup'

/** Content page slugs as the API accepts them: 'terms', 'pf23-new-drop-cb', 'guides/care'. */
export function isContentSlug(slug: string): boolean {
  return slug.length <= 120 && /^[a-z0-9][a-z0-9/_-]*$/i.test(slug) && !slug.includes('//')
}

export async function loadContentPage(context: AppLoadContext, slug: string): Promise<ContentPage> {
  const clean = slug.replace(/^\/+|\/+$/g, '')
  if (!isContentSlug(clean)) throw notFound('No such page')
  return orNotFound(context.services.contentPage(clean))
}

/** A short plain-text description of a page for its meta description. */
export function contentDescription(page: ContentPage | undefined, max = 160): string | undefined {
  if (!page) return undefined
  const text = markupText(parseMarkup(page.body)) || markupText(parseMarkup(page.blocks?.find((b) => b.type === 'text')?.body))
  if (!text) return undefined
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}
