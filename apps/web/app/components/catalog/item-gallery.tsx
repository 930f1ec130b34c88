/**
 * The images of an item in their aspect class (image1-4, the model crops, then
 * model and pocket shots): a swipeable row on small screens, two columns on wide
 * ones. The first two load eagerly (they are what the shopper sees first).
 */
import type { ItemDetail } from '../../lib/api/types'
import { imageCaption, itemImages, type KeyedImage } from './item-images'
import { ProductImage } from './product-image'

export function galleryImages(item: Pick<ItemDetail, 'images' | 'orderedImageKeys' | 'additionalImages'>): KeyedImage[] {
  const main = itemImages(item)
  const extra = (item.additionalImages ?? [])
    .filter((image) => image.type === 'model' || image.type === 'pocket')
    .filter((image) => !main.some((seen) => seen.url === image.url))
    .map((image) => ({ key: image.type, url: image.url, width: image.width, height: image.height, alt: image.alt }))
  return [...main, ...extra]
}

export function ItemGallery({ item }: { item: Pick<ItemDetail, 'name' | 'images' | 'orderedImageKeys' | 'additionalImages' | 'aspectClass' | 'imageMaxHeight'> }) {
  const images = galleryImages(item)
  if (images.length === 0) return <div className="product-image product-image-empty" aria-hidden="true" />
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling row of images takes keyboard focus so it can be scrolled with the keys (axe: scrollable-region-focusable)
    <ul className={`item-gallery aspect-${item.aspectClass ?? 'double'}`} aria-label={`Images of ${item.name}`} tabIndex={0}>
      {images.map((image, i) => {
        const caption = imageCaption(image.key)
        return (
          <li key={`${image.key}-${image.url}`}>
            <figure>
              <ProductImage image={image} aspectClass={item.aspectClass} eager={i < 2} sizes="(min-width: 900px) 28vw, (min-width: 640px) 60vw, 85vw" />
              {caption ? <figcaption>{caption}</figcaption> : null}
            </figure>
          </li>
        )
      })}
    </ul>
  )
}
