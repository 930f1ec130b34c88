/** Which images of an item show, in which order, and how they are shaped (SPEC §3 product images). */
import type { AspectClass, CatalogImage, ItemSummary } from '../../lib/api/types'

/** image1-4, then the model crops (plus and straight). */
const IMAGE_KEYS = ['image1', 'image2', 'image3', 'image4', 'model_plus', 'model_straight'] as const

export interface KeyedImage extends CatalogImage {
  key: string
}

/** The item's images in display order: orderedImageKeys when the API gives them, else IMAGE_KEYS. */
export function itemImages(item: Pick<ItemSummary, 'images'> & { orderedImageKeys?: string[] }): KeyedImage[] {
  const keys = item.orderedImageKeys?.length ? item.orderedImageKeys : IMAGE_KEYS
  const out: KeyedImage[] = []
  for (const key of keys) {
    const image = item.images[key]
    if (image?.url && !out.some((seen) => seen.url === image.url)) out.push({ key, ...image })
  }
  return out
}

/** Label of a model crop for its caption: 'Plus model' / 'Straight model'; null for the other images. */
export function imageCaption(key: string): string | null {
  if (key === 'model_plus') return 'Plus-size model'
  if (key === 'model_straight') return 'Straight-size model'
  return null
}

/** CSS aspect-ratio of a card image by aspect class, used when an image has no size of its own. */
export function aspectRatioOf(aspectClass: AspectClass | null | undefined): string {
  switch (aspectClass) {
    case 'double1x1':
      return '1 / 1'
    case 'aspect2x5':
      return '2 / 5'
    default:
      return '4 / 5'
  }
}

/** The aspect-ratio of an image: its own width/height when known, else its item's aspect class. */
export function imageAspectRatio(image: Pick<CatalogImage, 'width' | 'height'> | null | undefined, aspectClass?: AspectClass | null): string {
  if (image && image.width > 0 && image.height > 0) return `${image.width} / ${image.height}`
  return aspectRatioOf(aspectClass)
}
