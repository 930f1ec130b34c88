/**
 * One item in a product grid: image, name, colour, price, badge; the whole card links to the item.
 * A card below the fold is the same markup wherever it shows, kept per card on the server
 * (lib/kept-part.ts): a category page has 44. A card whose image loads eagerly is rendered
 * each time (React announces its image in the head).
 */
import { keptPart } from '../../lib/kept-part'
import { StoreLink } from '../store-link'
import type { GridItem } from './grid-item'
import { Price } from './price'
import { ProductImage } from './product-image'

export interface ProductCardProps {
  item: GridItem
  /** above the fold: load the image now */
  eager?: boolean
  /** heading level of the name, so headings stay in order on every page */
  headingLevel?: 2 | 3 | 4
  sizes?: string
}

function badgeOf(item: GridItem): string | null {
  const badge = item.categoryPageAttributes?.badge
  return typeof badge === 'string' && badge ? badge : null
}

export function ProductCard({ item, eager = false, headingLevel = 3, sizes }: ProductCardProps) {
  if (eager) {
    return (
      <li className="product-card">
        <CardContent item={item} eager headingLevel={headingLevel} sizes={sizes} />
      </li>
    )
  }
  return <li className="product-card" {...keptPart(item, `card h${headingLevel} ${sizes}`, () => <CardContent item={item} headingLevel={headingLevel} sizes={sizes} />)} />
}

function CardContent({ item, eager = false, headingLevel, sizes }: ProductCardProps & { headingLevel: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4'
  const badge = badgeOf(item)
  const soldOut = item.availableSizes.length === 0
  return (
    <>
      <StoreLink to={item.link} className="product-card-link">
        <span className="product-card-media">
          <ProductImage image={item.images.image1} aspectClass={item.aspectClass} eager={eager} sizes={sizes} />
          {badge ? <span className="product-badge">{badge}</span> : null}
        </span>
        <Heading className="product-card-name">{item.name}</Heading>
      </StoreLink>
      {item.color ? <p className="product-card-color">{item.color}</p> : null}
      <p className="product-card-price">
        <Price price={item.price} original={item.original_price} />
        {soldOut ? <span className="product-card-soldout"> Sold out</span> : null}
      </p>
    </>
  )
}
