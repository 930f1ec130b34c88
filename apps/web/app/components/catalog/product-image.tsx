/**
 * A product image that never shifts the layout: width and height attributes
 * plus a CSS aspect-ratio (its own, else its item's aspect class). Images above
 * the fold load eagerly, the rest lazily. An uploaded photo (one with `sources`)
 * is a <picture>: AVIF, then WebP, then its JPEG by width (srcset and sizes), the
 * browser taking the first type it reads at the width it shows; its focal point
 * stays in view where a frame crops it. The demo's drawn images are one SVG each.
 */
import type { CSSProperties } from 'react'
import type { AspectClass, CatalogImage } from '../../lib/api/types'
import { imageAspectRatio } from './item-images'

interface ProductImageProps {
  image: CatalogImage | null | undefined
  aspectClass?: AspectClass | null
  /** above the fold: load now, high priority */
  eager?: boolean
  /** candidate files by width ('a.jpg 400w, b.jpg 800w'), for an image without sources of its own */
  srcSet?: string
  /** the sizes attribute: how wide the image shows. Written only beside a srcSet (HTML allows no sizes without one) */
  sizes?: string
  className?: string
  /** alt text override ('' for a decorative copy) */
  alt?: string
  maxHeight?: number | null
}

export function ProductImage({ image, aspectClass, eager = false, srcSet, sizes, className, alt, maxHeight }: ProductImageProps) {
  const style: CSSProperties = { aspectRatio: imageAspectRatio(image, aspectClass) }
  if (maxHeight) style.maxHeight = `${maxHeight}px`
  const classes = ['product-image', aspectClass ? `aspect-${aspectClass}` : '', className ?? ''].filter(Boolean).join(' ')
  if (!image) return <span className={`${classes} product-image-empty`} style={style} aria-hidden="true" />
  if (image.sources?.length) {
    if (image.focus) style.objectPosition = image.focus
    const shownAt = sizes ?? '100vw'
    const fallback = image.sources.find((source) => source.type === 'image/jpeg')
    return (
      <picture className="product-picture">
        {image.sources
          .filter((source) => source !== fallback)
          .map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcset} sizes={shownAt} />
          ))}
        <img
          className={classes}
          src={image.url}
          srcSet={fallback?.srcset}
          sizes={fallback ? shownAt : undefined}
          alt={alt ?? image.alt}
          width={image.width || undefined}
          height={image.height || undefined}
          loading={eager ? 'eager' : 'lazy'}
          decoding={eager ? 'sync' : 'async'}
          fetchPriority={eager ? 'high' : undefined}
          style={style}
        />
      </picture>
    )
  }
  return (
    <img
      className={classes}
      src={image.url}
      alt={alt ?? image.alt}
      width={image.width || undefined}
      height={image.height || undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      fetchPriority={eager ? 'high' : undefined}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      style={style}
    />
  )
}
