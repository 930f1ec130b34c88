/**
 * The store's own content (local-content.ts) as the documents of a Sanity dataset
 * (sanity-documents.ts), for `sanity dataset import <file> production`: every brand's pages with
 * their blocks, its banners shown, its menus and scrolling images (one storefront document) and its
 * club's landing copy. Ids are stable, so importing again replaces (`--replace`) what an earlier
 * export made instead of adding copies (docs/content.md).
 */
import { createHash } from 'node:crypto'
import type { ImageRef } from '@store/core'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { localContent } from './local-content.ts'

/** A document as `sanity dataset import` reads it: one JSON object a line. */
export type SanityImportDocument = Record<string, unknown> & { _id: string; _type: string }

/** Array members carry a _key, unique in their array, as Sanity's studio needs. */
const keyed = <T extends object>(type: string, items: T[]) => items.map((item, index) => ({ _key: `${type}-${index}`, _type: type, ...item }))

/** A document id from a slug: ids take letters, digits, '-' and '_' only, and a '.' would make the document private. */
const slugId = (slug: string) => createHash('sha256').update(slug).digest('hex').slice(0, 16)

const imageDoc = (image: ImageRef | null) => (image ? { _type: 'imageRef', url: image.url, width: image.width, height: image.height, alt: image.alt } : null)

/** The documents of one brand. */
export async function exportBrandContent(db: Kysely<Database>, brandId: string): Promise<SanityImportDocument[]> {
  const documents: SanityImportDocument[] = []
  for (const { slug } of await localContent.pageList(db, brandId)) {
    const page = await localContent.page(db, brandId, slug)
    if (!page) continue
    documents.push({
      _id: `page-${brandId}-${slugId(slug)}`,
      _type: 'page',
      brand: brandId,
      slug: { _type: 'slug', current: page.slug },
      name: page.name,
      body: page.body,
      hideHeadline: page.hide_headline,
      blocks: keyed(
        'contentBlock',
        page.blocks.map((block) => ({
          kind: block.type,
          body: block.body,
          wistiaVideoId: block.wistia_video_id,
          buttonText: block.button_text,
          link: block.link,
          desktopImage: block.desktop_image,
          mobileImage: block.mobile_image,
        })),
      ),
    })
  }
  const storefront = await localContent.storefront(db, brandId)
  if (storefront) {
    documents.push({
      _id: `storefront-${brandId}`,
      _type: 'storefront',
      brand: brandId,
      headerMenu: keyed(
        'headerMenuEntry',
        storefront.headerMenu.map((entry) => ({
          caption: entry.caption,
          link: entry.link,
          dropdownImage: imageDoc(entry.dropdownImage),
          children: keyed('menuLink', entry.children),
        })),
      ),
      footerMenu: keyed(
        'footerMenuGroup',
        storefront.footerMenu.map((group) => ({ header: group.header, showDuringCheckout: group.showDuringCheckout, links: keyed('menuLink', group.links) })),
      ),
      scrollingImages: keyed(
        'imageRef',
        storefront.scrollingImages.map(({ url, width, height, alt }) => ({ url, width, height, alt })),
      ),
    })
    const global = storefront.globalBanner
    if (global) {
      documents.push({
        _id: `banner-${brandId}-global`,
        _type: 'banner',
        brand: brandId,
        placement: 'global',
        position: 0,
        link: global.link,
        desktop: imageDoc(global.desktop),
        mobile: imageDoc(global.mobile),
      })
    }
    storefront.cartBanners.forEach((banner, index) => {
      documents.push({
        _id: `banner-${brandId}-cart-${index + 1}`,
        _type: 'banner',
        brand: brandId,
        placement: 'cart',
        position: index + 1,
        text: banner.text,
        buttonText: banner.buttonText,
        buttonLink: banner.buttonLink,
        image: banner.image,
        cssClass: banner.css_class,
      })
    })
  }
  const landing = await localContent.membershipLanding(db, brandId)
  if (landing) {
    documents.push({
      _id: `membershipLanding-${brandId}`,
      _type: 'membershipLanding',
      brand: brandId,
      headline: landing.headline,
      subheadline: landing.subheadline,
      faqs: keyed('faq', landing.faqs),
      founderLetterName: landing.founder_letter_name,
      founderLetterBullets: landing.founder_letter_bullets,
    })
  }
  return documents
}

/** The NDJSON file of the brands' documents: one document a line. */
export async function exportContentNdjson(db: Kysely<Database>, brandIds: readonly string[]): Promise<string> {
  const lines: string[] = []
  for (const brandId of brandIds) {
    for (const document of await exportBrandContent(db, brandId)) lines.push(JSON.stringify(document))
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : ''
}
