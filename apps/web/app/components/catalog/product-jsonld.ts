/**
 * schema.org Product structured data of an item page. React Router's meta
 * (`{'script:ld+json': ...}`) serialises it into a script tag safely.
 */
import type { ItemDetail } from '../../lib/api/types'
import { keptForKey } from '../../lib/kept-value'
import { itemImages } from './item-images'

export interface ProductJsonLdInput {
  item: Pick<ItemDetail, 'id' | 'name' | 'description' | 'images' | 'price' | 'availableSizes' | 'reviewSummary' | 'color'> & Partial<Pick<ItemDetail, 'orderedImageKeys'>>
  /** the page's absolute address (on the brand's public origin) */
  url: string
  /** the brand's public origin: image addresses are made absolute on it */
  origin: string
  /** the store's name, as the brand */
  brandName?: string | null
}

function absolute(src: string, base: string): string {
  try {
    return new URL(src, base).href
  } catch {
    return src
  }
}

/** The structured data of each cached (frozen) item, by address and brand name. */
const kept = new WeakMap<object, Map<string, Readonly<Record<string, unknown>>>>()

/**
 * buildProductJsonLd, made once per cached (frozen) item, page address and brand name:
 * the item page's meta asks for it on every page of a shopper.
 */
export function productJsonLd(input: ProductJsonLdInput): Readonly<Record<string, unknown>> {
  const { item, url, origin, brandName } = input
  // a bounded set per item: its address on the brand's origin, as few brand names
  return keptForKey(kept, item, `${url}\u0000${origin}\u0000${brandName ?? ''}`, () => buildProductJsonLd(input), 8)
}

export function buildProductJsonLd({ item, url, origin, brandName }: ProductJsonLdInput): Record<string, unknown> {
  const images = itemImages(item).map((image) => absolute(image.url, origin))
  const inStock = item.availableSizes.length > 0
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    sku: String(item.id),
    url,
  }
  if (images.length) ld.image = images
  if (item.description) ld.description = item.description
  if (item.color) ld.color = item.color
  if (brandName) ld.brand = { '@type': 'Brand', name: brandName }
  ld.offers = {
    '@type': 'Offer',
    url,
    price: item.price.toFixed(2),
    priceCurrency: 'USD',
    availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  }
  const summary = item.reviewSummary
  if (summary && summary.count > 0 && summary.average !== null) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    }
  }
  return ld
}
