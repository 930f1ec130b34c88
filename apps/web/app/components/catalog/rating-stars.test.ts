import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { fillEnd, Stars } from './rating-stars'

const draw = (rating: number) => renderToStaticMarkup(createElement(Stars, { rating }))
/** Where star `i` (0-4) starts and how wide it is, in the drawing's units: 24 a star, 4/3 between, the star's points 2.5-21.5 of its 24. */
const starLeft = (i: number) => i * (24 + 4 / 3) + 2.5
const STAR_WIDTH = 19

describe('Stars', () => {
  it('draws a rating as one picture read out as its value', () => {
    const html = draw(4.1)
    expect(html.match(/<svg/g)).toHaveLength(1)
    expect(html).toContain('role="img"')
    expect(html).toContain('aria-label="Rated 4.1 out of 5"')
  })

  it('fills a half star to its middle, and whole stars up to the rating', () => {
    expect(fillEnd(3.5)).toBeCloseTo(starLeft(3) + STAR_WIDTH / 2, 2)
    expect(fillEnd(4.1)).toBeCloseTo(starLeft(4) + 0.1 * STAR_WIDTH, 2)
    // the gradient stops where the fill ends, as a fraction of the five stars' width
    const offsets = [...draw(3.5).matchAll(/offset="([\d.]+)"/g)].map((match) => Number(match[1]))
    expect(offsets).toHaveLength(2)
    expect(offsets[0]! * (5 * 24 + 4 * (4 / 3))).toBeCloseTo(starLeft(3) + STAR_WIDTH / 2, 2)
  })

  it('draws whole ratings without a gradient: that many stars filled, all five outlined', () => {
    const four = draw(4)
    expect(four).not.toContain('linearGradient')
    const [filled, outline] = [...four.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]!)
    expect(filled!.match(/z/g)).toHaveLength(4)
    expect(outline!.match(/z/g)).toHaveLength(5)
    const none = draw(0)
    expect(none.match(/<path/g)).toHaveLength(1)
    expect(none).toContain('fill="none"')
    expect(draw(7)).toContain('aria-label="Rated 5 out of 5"')
  })
})
