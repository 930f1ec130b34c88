/**
 * The content of one element of a page kept as markup per cached value: an item
 * page's reviews, customer photos, matching items, a product card. The same
 * method as the brand's menus (lib/brand-html.ts, which does the keeping): the
 * markup depends on nothing but a value the server's catalogue caches hold
 * deep-frozen (an item page, a card, an item's first reviews) and the constants
 * named in `part`, and is made once per such value, outside any page render.
 *
 * Spread onto the element whose content it is:
 *
 *   <ul className="review-list" {...keptPart(reviews, 'reviews', () => <Reviews reviews={reviews} />)} />
 *
 * On the server, with markup kept: the element's inner HTML, which React writes
 * as one string instead of a hundred elements. Otherwise (the first page after the
 * value was cached, a value that is not frozen, the browser): the content
 * rendered as usual. The browser always renders it and hydrates onto the markup,
 * which is the same (kept-part.test.ts renders each part both ways).
 *
 * What brand-html.ts says a kept part may not hold holds here too: no useId
 * output, no eager image, nothing React hoists into the head; and nothing of a
 * shopper (cart, wishlist, club status): a cached value is shared by every
 * shopper of the brand and price list.
 */
import type { ReactElement } from 'react'
import { brandHtml } from './brand-html'

export type KeptContent = { dangerouslySetInnerHTML: { __html: string }; children?: undefined } | { dangerouslySetInnerHTML?: undefined; children: ReactElement }

export function keptPart(source: object, part: string, render: () => ReactElement): KeptContent {
  const html = brandHtml(source, part, render)
  return html === undefined ? { children: render() } : { dangerouslySetInnerHTML: { __html: html } }
}
