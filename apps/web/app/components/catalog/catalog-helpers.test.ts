import { describe, expect, it } from 'vitest'
import { galleryImages } from './item-gallery'
import { aspectRatioOf, imageAspectRatio } from './item-images'
import { cardImageSizes, gridLayoutOf } from './product-grid'
import { sizeFromUrl, sizingGuideInputs } from './sizing-guide'

const image = (url: string) => ({ url, width: 800, height: 1000, alt: url })

describe('product grid', () => {
  it("reads a category's layout, 1x1 unless it says catch-all", () => {
    expect(gridLayoutOf('catch-all')).toBe('catch-all')
    expect(gridLayoutOf('1x1')).toBe('1x1')
    expect(gridLayoutOf(null)).toBe('1x1')
  })
  it('sizes card images by the columns at each breakpoint', () => {
    expect(cardImageSizes('1x1')).toBe('(min-width: 1024px) 25vw, (min-width: 768px) 34vw, (min-width: 640px) 50vw, 100vw')
    expect(cardImageSizes('catch-all')).toBe('(min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 34vw, 50vw')
  })
})

describe('image shapes', () => {
  it('uses the image size, else the aspect class', () => {
    expect(imageAspectRatio({ width: 640, height: 1600 }, 'double')).toBe('640 / 1600')
    expect(imageAspectRatio(null, 'double1x1')).toBe('1 / 1')
    expect(aspectRatioOf('aspect2x5')).toBe('2 / 5')
    expect(aspectRatioOf(undefined)).toBe('4 / 5')
  })
  it('puts model and pocket shots after the ordered images, once', () => {
    const item = {
      images: { image1: image('a'), model_plus: image('p') },
      orderedImageKeys: ['image1', 'model_plus'],
      additionalImages: [
        { type: 'instagram', ...image('i') },
        { type: 'pocket', ...image('k') },
        { type: 'model', ...image('a') },
      ],
    }
    expect(galleryImages(item).map((i) => i.key)).toEqual(['image1', 'model_plus', 'pocket'])
  })
})

describe('sizing guide', () => {
  it('reads the size a media address names', () => {
    expect(sizeFromUrl('/media/figure/pf-front-400x600-M.svg')).toEqual({ width: 400, height: 600 })
    expect(sizeFromUrl('/media/product/1-leggings-front-1d1d1f-800x1000.svg')).toEqual({ width: 800, height: 1000 })
    expect(sizeFromUrl('/x.svg')).toBeNull()
  })
  it('keeps only complete rows', () => {
    const ok = { size: 'M', front: 'f', side: 's', back: 'b' }
    expect(sizingGuideInputs([ok, { size: 'L', front: 'f' }, null, 'x'])).toEqual([ok])
    expect(sizingGuideInputs(undefined)).toEqual([])
  })
})
