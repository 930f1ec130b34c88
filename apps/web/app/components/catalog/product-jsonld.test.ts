import { describe, expect, it } from 'vitest'
import { itemImages } from './item-images'
import { buildProductJsonLd, type ProductJsonLdInput } from './product-jsonld'

const image = (name: string) => ({ url: `/media/product/${name}.svg`, width: 800, height: 1000, alt: name })

const item: ProductJsonLdInput['item'] = {
  id: 1001,
  name: 'Pocket Legging',
  description: 'Soft and squat-proof.',
  color: 'Black',
  images: { image2: image('b'), image1: image('a'), model_plus: image('c') },
  price: 39.99,
  availableSizes: ['S', 'M'],
  reviewSummary: { count: 12, average: 4.6 },
}

describe('buildProductJsonLd', () => {
  const origin = 'https://popfitclothing.com'
  const url = `${origin}/item/1001`

  it('describes the product with absolute images and a USD offer', () => {
    const ld = buildProductJsonLd({ item, url, origin, brandName: 'PopFit Clothing' })
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Pocket Legging',
      sku: '1001',
      description: 'Soft and squat-proof.',
      brand: { '@type': 'Brand', name: 'PopFit Clothing' },
      image: ['https://popfitclothing.com/media/product/a.svg', 'https://popfitclothing.com/media/product/b.svg', 'https://popfitclothing.com/media/product/c.svg'],
      offers: { '@type': 'Offer', price: '39.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 12 },
    })
  })

  it('is out of stock without sizes and has no rating without reviews', () => {
    const ld = buildProductJsonLd({ item: { ...item, availableSizes: [], reviewSummary: { count: 0, average: null } }, url, origin })
    expect(ld.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' })
    expect(ld).not.toHaveProperty('aggregateRating')
    expect(ld).not.toHaveProperty('brand')
  })

  it('writes whole-dollar prices with cents', () => {
    expect(buildProductJsonLd({ item: { ...item, price: 10 }, url, origin }).offers).toMatchObject({ price: '10.00' })
  })
})

describe('itemImages', () => {
  it('orders by orderedImageKeys when given, skipping missing and repeated images', () => {
    const images = { image1: image('a'), image2: image('a'), image3: image('c') }
    expect(itemImages({ images, orderedImageKeys: ['image3', 'image1', 'image2', 'image4'] }).map((i) => i.key)).toEqual(['image3', 'image1'])
  })
  it('falls back to image1-4 then model crops', () => {
    expect(itemImages({ images: { model_straight: image('m'), image2: image('b'), image1: image('a') } }).map((i) => i.key)).toEqual(['image1', 'image2', 'model_straight'])
  })
})
