/**
 * Photos shoppers sent in, at most MAX_CUSTOMER_IMAGES (42), loaded lazily.
 * The first dozen show; the rest open with 'Show all' (a <details>, so it
 * works without JavaScript and nothing past the dozen loads until asked).
 * The same markup for every shopper of the item: kept per cached item on the
 * server (lib/kept-part.ts).
 */
import { MAX_CUSTOMER_IMAGES } from '@store/core'
import type { CatalogImage } from '../../lib/api/types'
import { keptPart } from '../../lib/kept-part'

const FIRST = 12

function Photos({ images, offset }: { images: CatalogImage[]; offset: number }) {
  return (
    <ul className="customer-images">
      {images.map((image, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
        <li key={`${image.url}-${offset + i}`}>
          <img src={image.url} alt={image.alt || `Customer photo ${offset + i + 1}`} width={image.width} height={image.height} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  )
}

export function CustomerImages({ images, itemName }: { images: CatalogImage[]; itemName: string }) {
  if (images.length === 0) return null
  return (
    <section
      className="item-section"
      aria-labelledby="customer-images"
      {...keptPart(images, `customer-images ${itemName}`, () => <CustomerImagesContent images={images} itemName={itemName} />)}
    />
  )
}

function CustomerImagesContent({ images, itemName }: { images: CatalogImage[]; itemName: string }) {
  const shown = images.slice(0, MAX_CUSTOMER_IMAGES)
  const first = shown.slice(0, FIRST)
  const rest = shown.slice(FIRST)
  return (
    <>
      <h2 id="customer-images">From our customers</h2>
      <p>
        {shown.length} {shown.length === 1 ? 'photo' : 'photos'} of {itemName} from shoppers like you.
      </p>
      <Photos images={first} offset={0} />
      {rest.length ? (
        <details className="customer-images-more">
          <summary>Show all {shown.length} photos</summary>
          <Photos images={rest} offset={FIRST} />
        </details>
      ) : null}
    </>
  )
}
