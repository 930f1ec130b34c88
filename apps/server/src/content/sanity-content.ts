/**
 * The Sanity content source (CONTENT_SOURCE=sanity, SANITY_PROJECT_ID, SANITY_DATASET,
 * SANITY_API_HOST; docs/content.md): each brand's pages, banners, menus, scrolling images and
 * club landing copy read by GROQ from the dataset, through @sanity/client on the API CDN
 * (API version 2023-05-03, published documents only). What it answers is cached by the content
 * and settings services and dropped by the content service's webhook. When the service cannot be
 * reached, the last answer it gave for the same question is served; with none, a 503.
 */
import { createClient, type SanityClient } from '@sanity/client'
import { fromCents, type ContentPage, type ImageRef, type MembershipLanding } from '@store/core'
import type { z } from 'zod'
import type { Env } from '../env.ts'
import { HttpError } from '../http/errors.ts'
import type { ContentSource, StorefrontContent } from './content-source.ts'
import { bannerDocument, pageListEntry, type imageRefDocument, membershipLandingDocument, pageDocument, storefrontDocument } from './sanity-documents.ts'

const SANITY_API_VERSION = '2023-05-03'

/** The questions the adapter asks, one document type each (the dataset holds every brand's documents). */
const QUERIES = {
  pageList: '*[_type == "page" && brand == $brand]{"slug": slug.current, _updatedAt} | order(slug asc)',
  page: '*[_type == "page" && brand == $brand && slug.current == $slug][0]',
  membershipLanding: '*[_type == "membershipLanding" && brand == $brand][0]',
  storefront: '*[_type == "storefront" && brand == $brand][0]',
  banners: '*[_type == "banner" && brand == $brand] | order(position asc)',
} as const

/** How many last answers are kept to serve while the service cannot be reached. */
const LAST_ANSWERS = 2000

type SanityEnv = Pick<Env, 'SANITY_PROJECT_ID' | 'SANITY_DATASET' | 'SANITY_API_HOST'>

export function sanityClient(env: SanityEnv): SanityClient {
  // env.ts stops start-up with 'Unknown project' before this
  if (!env.SANITY_PROJECT_ID) throw new Error('Unknown project')
  return createClient({
    projectId: env.SANITY_PROJECT_ID,
    dataset: env.SANITY_DATASET,
    apiVersion: SANITY_API_VERSION,
    useCdn: true,
    perspective: 'published',
    timeout: 10_000,
    maxRetries: 2,
    // another address (a proxy, a stand-in): the project goes in the X-Sanity-Project-ID header, not the host name
    ...(env.SANITY_API_HOST ? { apiHost: env.SANITY_API_HOST.replace(/\/+$/, ''), useProjectHostname: false } : {}),
  })
}

export class SanityContent implements ContentSource {
  readonly name = 'sanity'
  private readonly lastAnswers = new Map<string, unknown>()

  constructor(private readonly client: SanityClient) {}

  static fromEnv(env: SanityEnv): SanityContent {
    return new SanityContent(sanityClient(env))
  }

  async pageList(_db: unknown, brandId: string): Promise<{ slug: string; updated_at: string }[]> {
    const found = await this.fetch(QUERIES.pageList, { brand: brandId })
    return (Array.isArray(found) ? found : [])
      .map((entry) => pageListEntry.parse(entry))
      .filter((entry) => entry.slug !== '')
      .map((entry) => ({ slug: entry.slug, updated_at: entry._updatedAt }))
  }

  async page(_db: unknown, brandId: string, slug: string): Promise<ContentPage | null> {
    const found = await this.fetch(QUERIES.page, { brand: brandId, slug })
    if (!found) return null
    const page = pageDocument.parse(found)
    return {
      slug: page.slug,
      name: page.name,
      body: page.body,
      hide_headline: page.hideHeadline,
      updated_at: page._updatedAt,
      blocks: page.blocks.map((block) => ({
        type: block.kind,
        body: block.body,
        wistia_video_id: block.wistiaVideoId,
        button_text: block.buttonText,
        link: block.link,
        desktop_image: block.desktopImage,
        mobile_image: block.mobileImage,
      })),
    }
  }

  async membershipLanding(db: Parameters<ContentSource['membershipLanding']>[0], brandId: string): Promise<MembershipLanding | null> {
    // the copy is the content service's; the price and items a month are the club's terms, kept by the store
    const [found, terms] = await Promise.all([
      this.fetch(QUERIES.membershipLanding, { brand: brandId }),
      db.selectFrom('membership_landings').select(['price_cents', 'how_many']).where('brand_id', '=', brandId).executeTakeFirst(),
    ])
    if (!found || !terms) return null
    const copy = membershipLandingDocument.parse(found)
    return {
      headline: copy.headline,
      subheadline: copy.subheadline,
      faqs: copy.faqs,
      founder_letter_name: copy.founderLetterName,
      founder_letter_bullets: copy.founderLetterBullets,
      price: fromCents(terms.price_cents),
      how_many: terms.how_many,
    }
  }

  /** Never null: a brand with no storefront document and no banners shows none (the dataset is the source). */
  async storefront(_db: unknown, brandId: string): Promise<StorefrontContent> {
    const [found, bannerList] = await Promise.all([this.fetch(QUERIES.storefront, { brand: brandId }), this.fetch(QUERIES.banners, { brand: brandId })])
    const storefront = storefrontDocument.parse(found ?? {})
    const banners = (Array.isArray(bannerList) ? bannerList : []).map((banner) => bannerDocument.parse(banner))
    const global = banners.find((banner) => banner.placement === 'global')
    return {
      headerMenu: storefront.headerMenu.map((entry) => ({ caption: entry.caption, link: entry.link, dropdownImage: imageRef(entry.dropdownImage), children: entry.children })),
      footerMenu: storefront.footerMenu,
      globalBanner: global ? { link: global.link, desktop: imageRef(global.desktop), mobile: imageRef(global.mobile) } : null,
      cartBanners: banners
        .filter((banner) => banner.placement === 'cart')
        .map((banner) => ({ text: banner.text, buttonText: banner.buttonText, buttonLink: banner.buttonLink, image: banner.image, css_class: banner.cssClass })),
      scrollingImages: storefront.scrollingImages.flatMap((entry) => imageRef(entry) ?? []),
    }
  }

  /** One GROQ query; while the service cannot be reached, its last answer to the same question. */
  private async fetch(query: string, params: Record<string, string>): Promise<unknown> {
    const key = `${query}\u0000${JSON.stringify(params)}`
    try {
      const result: unknown = await this.client.fetch(query, params)
      this.lastAnswers.delete(key)
      this.lastAnswers.set(key, result)
      while (this.lastAnswers.size > LAST_ANSWERS) this.lastAnswers.delete(this.lastAnswers.keys().next().value as string)
      return result
    } catch {
      if (this.lastAnswers.has(key)) return this.lastAnswers.get(key)
      throw new HttpError(503, "The store's content is not available right now. Please try again in a moment.")
    }
  }
}

function imageRef(value: z.infer<typeof imageRefDocument> | null | undefined): ImageRef | null {
  return value?.url ? { url: value.url, width: value.width, height: value.height, alt: value.alt } : null
}
