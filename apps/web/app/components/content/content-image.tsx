/**
 * An image block: the desktop image on wide screens and the mobile one on narrow
 * ones (<picture>). Each source carries its own width and height, so the browser
 * reserves the right box for whichever it picks.
 */
import type { BlockImage } from './content-types'

const WIDE = '(min-width: 768px)'

/** A block image as url and size: the size from the image, else from its media address ('-1600x600-'), else none. */
export function blockImage(value: string | BlockImage | null | undefined, alt: string): Required<Pick<BlockImage, 'url'>> & { width?: number; height?: number; alt: string } | null {
  if (!value) return null
  const image = typeof value === 'string' ? { url: value } : value
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
  desktop: string | BlockImage | null | undefined
  mobile: string | BlockImage | null | undefined
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
