import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AddressFields, COUNTRIES, countryOptions } from './address-fields'

describe("checkout's Country list", () => {
  it('is the usual countries for one of them', () => {
    expect(countryOptions('US')).toBe(COUNTRIES)
    expect(countryOptions('GB').map((c) => c.name)).toContain('United Kingdom')
  })
  it("adds an address's own country by its name: Japan, not JP", () => {
    expect(countryOptions('JP').at(-1)).toEqual({ code: 'JP', name: 'Japan' })
  })
  it('shows a saved address in Japan as "Japan", chosen, with its region as typed', () => {
    const values = { shipping_country: 'JP', shipping_state: 'Tokyo' }
    const html = renderToStaticMarkup(createElement(AddressFields, { prefix: 'shipping', values, fieldError: () => undefined, onChange: () => undefined }))
    expect(html).toMatch(/<option value="JP" selected="">Japan<\/option>/)
    expect(html).not.toContain('>JP<')
    expect(html).toContain('value="Tokyo"')
  })
})
