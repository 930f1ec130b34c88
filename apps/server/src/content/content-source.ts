/**
 * Where a brand's content comes from (DESIGN §6): pages with their blocks, the banners, the
 * menus, the scrolling images and the club's landing copy. The store's database by default
 * (local-content.ts, what the seed and the operator write); the Sanity content service with
 * CONTENT_SOURCE=sanity (sanity-content.ts). One source per process, chosen once at start-up
 * (buildApp); content.service.ts and settings.service.ts read through it and cache what it
 * answers (docs/content.md).
 */
import type { CartBanner, ContentPage, FooterMenuGroup, GlobalBanner, HeaderMenuEntry, ImageRef, MembershipLanding } from '@store/core'
import type { Kysely } from 'kysely'
import type { Env } from '../env.ts'
import type { Database } from '../db/schema.ts'
import { localContent } from './local-content.ts'

/** What every page's frame shows of the content: menus, banners, scrolling images. */
export interface StorefrontContent {
  headerMenu: HeaderMenuEntry[]
  footerMenu: FooterMenuGroup[]
  globalBanner: GlobalBanner | null
  cartBanners: CartBanner[]
  scrollingImages: ImageRef[]
}

export interface ContentSource {
  readonly name: 'local' | 'sanity'
  /** The brand's pages, by address, with when each last changed (the sitemap, the export). */
  pageList(db: Kysely<Database>, brandId: string): Promise<{ slug: string; updated_at: string }[]>
  /** A page with its blocks in order; null when the brand has no such page. */
  page(db: Kysely<Database>, brandId: string, slug: string): Promise<ContentPage | null>
  /** The club's landing copy with the club's price and items a month; null when the brand has no club. */
  membershipLanding(db: Kysely<Database>, brandId: string): Promise<MembershipLanding | null>
  /** Menus, banners and scrolling images; null when the brand has none (no settings, or no document). */
  storefront(db: Kysely<Database>, brandId: string): Promise<StorefrontContent | null>
}

let chosen: ContentSource = localContent

/** The source the process reads its content from (local until start-up chooses another). */
export function contentSource(): ContentSource {
  return chosen
}

/** Makes `source` the process's content source; the returned function puts the previous one back (an app's close). */
export function chooseContentSource(source: ContentSource): () => void {
  const previous = chosen
  chosen = source
  return () => {
    if (chosen === source) chosen = previous
  }
}

/** The source CONTENT_SOURCE names (parseEnv has refused sanity without a project: 'Unknown project'). */
export async function createContentSource(env: Pick<Env, 'CONTENT_SOURCE' | 'SANITY_PROJECT_ID' | 'SANITY_DATASET' | 'SANITY_API_HOST'>): Promise<ContentSource> {
  if (env.CONTENT_SOURCE !== 'sanity') return localContent
  const { SanityContent } = await import('./sanity-content.ts')
  return SanityContent.fromEnv(env)
}
