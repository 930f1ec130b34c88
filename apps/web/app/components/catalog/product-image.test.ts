import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { CatalogImage } from '../../lib/api/types'
import { ItemGallery } from './item-gallery'
import { ProductImage } from './product-image'

const uploaded: CatalogImage = {
  url: '/uploads/items/popfitclothing/1001/a-1200.jpg',
  width: 1200,
  height: 1500,
  alt: 'Legging in Navy, front',
  focus: '30% 20%',
  sources: [
    { type: 'image/avif', srcset: '/uploads/items/popfitclothing/1001/a-400.avif 400w, /uploads/items/popfitclothing/1001/a-1200.avif 1200w' },
    { type: 'image/webp', srcset: '/uploads/items/popfitclothing/1001/a-400.webp 400w, /uploads/items/popfitclothing/1001/a-1200.webp 1200w' },
    { type: 'image/jpeg', srcset: '/uploads/items/popfitclothing/1001/a-400.jpg 400w, /uploads/items/popfitclothing/1001/a-1200.jpg 1200w' },
  ],
}
const drawn: CatalogImage = { url: '/media/product/1001-leggings-front-1d1d1f-800x1000.svg', width: 800, height: 1000, alt: 'Legging, front view' }

describe('ProductImage', () => {
  it('shows an uploaded photo as a picture: AVIF and WebP sources, the JPEG by width, its size set and its focal point kept', () => {
    const html = renderToStaticMarkup(createElement(ProductImage, { image: uploaded, sizes: '(min-width: 900px) 28vw, 85vw' }))
    expect(html).toMatch(/^<picture class="product-picture">/)
    expect(html).toContain(
      '<source type="image/avif" srcSet="/uploads/items/popfitclothing/1001/a-400.avif 400w, /uploads/items/popfitclothing/1001/a-1200.avif 1200w" sizes="(min-width: 900px) 28vw, 85vw"/>',
    )
    expect(html).toContain('<source type="image/webp"')
    // the first source the browser reads wins: AVIF before WebP
    expect(html.indexOf('image/avif')).toBeLessThan(html.indexOf('image/webp'))
    expect(html).toMatch(/<img[^>]* src="\/uploads\/items\/popfitclothing\/1001\/a-1200\.jpg" srcSet="[^"]*a-400\.jpg 400w[^"]*" sizes="\(min-width: 900px\) 28vw, 85vw"/)
    expect(html).toContain('width="1200" height="1500"')
    expect(html).toContain('aspect-ratio:1200 / 1500')
    expect(html).toContain('object-position:30% 20%')
    expect(html).toContain('alt="Legging in Navy, front"')
  })

  it('keeps a drawn demo image one SVG without srcset', () => {
    const html = renderToStaticMarkup(createElement(ProductImage, { image: drawn, sizes: '85vw' }))
    expect(html).toMatch(/^<img /)
    expect(html).not.toContain('srcSet')
    expect(html).not.toContain('<picture')
  })

  it("an item page's gallery of uploads gives each its srcset", () => {
    const second = { ...uploaded, url: '/uploads/items/popfitclothing/1001/b-1200.jpg' }
    const html = renderToStaticMarkup(
      createElement(ItemGallery, {
        item: {
          name: 'Legging',
          images: { image1: uploaded, image2: second },
          orderedImageKeys: ['image1', 'image2'],
          additionalImages: [],
          aspectClass: 'double',
          imageMaxHeight: null,
        },
      }),
    )
    expect(html.match(/<picture/g)).toHaveLength(2)
    expect(html.match(/<source type="image\/avif"/g)).toHaveLength(2)
  })
})
