/**
 * An image block: the desktop image on wide screens and the mobile one on narrow
 * ones (<picture>). Each source carries its own width and height, so the browser
 * reserves the right box for whichever it picks.
 */
import type { ImageRef } from '../../lib/api/types'

const WIDE = '(min-width: 768px)'

/** An image as a block shows it: its size when known. */
export interface SizedBlockImage {
  url: string
  width?: number
  height?: number
  alt: string
}

/**
 * A block image as url and size: the size from the image, else from its media
 * address ('-1600x600-'), else none. Takes a content block's image address or an
 * image of the settings (a menu's dropdown image).
 */
export function blockImage(value: string | ImageRef | null | undefined, alt: string): SizedBlockImage | null {
  if (!value) return null
  const image: Pick<ImageRef, 'url'> & Partial<ImageRef> = typeof value === 'string' ? { url: value } : value
  if (!image.url) return null
  let width = image.width ?? undefined
  let height = image.height ?? undefined
  if (!width || !height) {
    const m = /-(\d{2,4})x(\d{2,4})(?=[-.])/.exec(image.url)
    if (m) {
      width = Number(m[1])
      height = Number(m[2])
    }
  }
  return { url: image.url, width, height, alt: (typeof value === 'object' && value.alt) || alt }
}

export function ContentImage({
  desktop,
  mobile,
  alt,
  eager = false,
}: {
  desktop: string | ImageRef | null | undefined
  mobile: string | ImageRef | null | undefined
  alt: string
  eager?: boolean
}) {
  const wide = blockImage(desktop, alt)
  const narrow = blockImage(mobile, alt) ?? wide
  if (!narrow) return null
  return (
    <picture className="content-image">
      {wide && wide !== narrow ? <source media={WIDE} srcSet={wide.url} width={wide.width} height={wide.height} /> : null}
      <img
        src={narrow.url}
        alt={narrow.alt}
        width={narrow.width}
        height={narrow.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding={eager ? 'sync' : 'async'}
      />
    </picture>
  )
}
