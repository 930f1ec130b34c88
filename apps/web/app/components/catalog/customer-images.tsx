/** Photos shoppers sent in, at most MAX_CUSTOMER_IMAGES (42), loaded lazily. */
import { MAX_CUSTOMER_IMAGES } from '@store/core'
import type { ImageData } from './catalog-types'

export function CustomerImages({ images, itemName }: { images: ImageData[]; itemName: string }) {
  const shown = images.slice(0, MAX_CUSTOMER_IMAGES)
  if (shown.length === 0) return null
  return (
    <section className="item-section" aria-labelledby="customer-images">
      <h2 id="customer-images">From our customers</h2>
      <p>
        {shown.length} {shown.length === 1 ? 'photo' : 'photos'} of {itemName} from shoppers like you.
      </p>
      <ul className="customer-images">
        {shown.map((image, i) => (
          <li key={`${image.url}-${i}`}>
            <img src={image.url} alt={image.alt || `Customer photo ${i + 1}`} width={image.width} height={image.height} loading="lazy" decoding="async" />
          </li>
        ))}
      </ul>
    </section>
  )
}
