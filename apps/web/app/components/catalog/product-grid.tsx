/**
 * A grid of product cards (SPEC §2): 1-4 columns on the 1x1 layout and 2-5 on
 * the catch-all layout, switching at widths 0, 640, 768 and 1024 (CSS media
 * queries in catalog.css, from GRID_BREAKPOINTS and GRID_COLUMNS of @store/core).
 */
import { GRID_BREAKPOINTS, GRID_COLUMNS, type GridLayout } from '@store/core'
import type { GridItem } from './grid-item'
import { keptPart } from '../../lib/kept-part'
import { ProductCard } from './product-card'

export function gridLayoutOf(layout: string | null | undefined): GridLayout {
  return layout === 'catch-all' ? 'catch-all' : '1x1'
}

/** The `sizes` attribute of a card image: one column's share of the page at each breakpoint. */
export function cardImageSizes(layout: GridLayout): string {
  const columns = GRID_COLUMNS[layout]
  const parts: string[] = []
  for (let i = GRID_BREAKPOINTS.length - 1; i >= 1; i--) {
    parts.push(`(min-width: ${GRID_BREAKPOINTS[i]}px) ${Math.ceil(100 / (columns[i] ?? 1))}vw`)
  }
  parts.push(`${Math.ceil(100 / columns[0])}vw`)
  return parts.join(', ')
}

export interface ProductGridProps {
  items: GridItem[]
  layout?: GridLayout
  /** how many first cards load their image eagerly (the first row at the widest layout) */
  eagerCount?: number
  headingLevel?: 2 | 3 | 4
  label?: string
}

export function ProductGrid({ items, layout = '1x1', eagerCount, headingLevel = 3, label }: ProductGridProps) {
  const eager = eagerCount ?? GRID_COLUMNS[layout][GRID_COLUMNS[layout].length - 1] ?? 4
  const sizes = cardImageSizes(layout)
  const cards = () => <Cards items={items} eager={eager} headingLevel={headingLevel} sizes={sizes} />
  // a grid whose every image loads lazily (home's featured items, an item's matching items) is the
  // same markup for every page of a cached list: kept whole per list (lib/kept-part.ts), as each card is
  const content = eager === 0 ? keptPart(items, `grid h${headingLevel} ${sizes}`, cards) : { children: cards() }
  return <ul className={`product-grid product-grid-${layout}`} aria-label={label} {...content} />
}

function Cards({ items, eager, headingLevel, sizes }: { items: GridItem[]; eager: number; headingLevel: 2 | 3 | 4; sizes: string }) {
  return items.map((item, i) => <ProductCard key={item.id} item={item} eager={i < eager} headingLevel={headingLevel} sizes={sizes} />)
}
