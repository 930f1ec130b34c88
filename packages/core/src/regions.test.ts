import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES, COUNTRY_NAMES, countryName, isCountryCode, isUsStateCode, US_STATE_CODES, US_STATE_NAMES, US_STATE_OPTIONS } from './regions.ts'

describe('country codes', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes once each, in order', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES)
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/)
  })
  it('knows real codes in any case and nothing else', () => {
    for (const code of ['US', 'gb', ' ca ', 'DE', 'JP', 'MX', 'AU', 'SS']) expect(isCountryCode(code), code).toBe(true)
    for (const code of ['UK', 'USA', 'EU', 'XX', 'ZZ', '', 'U']) expect(isCountryCode(code), code).toBe(false)
  })
})

describe('US state codes', () => {
  it('lists the 50 states, DC, five territories and three military codes', () => {
    expect(US_STATE_CODES).toHaveLength(59)
    expect(new Set(US_STATE_CODES).size).toBe(59)
  })
  it('knows real codes in any case and nothing else', () => {
    for (const code of ['NY', 'ca', 'DC', 'PR', 'AE']) expect(isUsStateCode(code), code).toBe(true)
    for (const code of ['XX', 'New York', 'ON', '']) expect(isUsStateCode(code), code).toBe(false)
  })
})

describe('US_STATE_NAMES', () => {
  it('names every state code once: the states and DC by name, then the territories, then the military codes', () => {
    expect(Object.keys(US_STATE_NAMES).sort()).toEqual([...US_STATE_CODES].sort())
    const names = US_STATE_OPTIONS.map((option) => option.name)
    const statesAndDc = names.slice(0, 51)
    expect([...statesAndDc].sort()).toEqual(statesAndDc)
    expect(US_STATE_NAMES.TX).toBe('Texas')
    expect(names.slice(51)).toEqual([
      'American Samoa',
      'Guam',
      'Northern Mariana Islands',
      'Puerto Rico',
      'U.S. Virgin Islands',
      'Armed Forces Americas (AA)',
      'Armed Forces Europe (AE)',
      'Armed Forces Pacific (AP)',
    ])
  })
})

describe('COUNTRY_NAMES', () => {
  it('names every country code once, in the order of the names, without Intl (which names some differently in Node and in a browser)', () => {
    expect(Object.keys(COUNTRY_NAMES).sort()).toEqual(COUNTRY_CODES)
    const names = Object.values(COUNTRY_NAMES)
    const collator = new Intl.Collator('en')
    expect([...names].sort(collator.compare)).toEqual(names)
    expect(countryName('FK')).toBe('Falkland Islands')
    expect(countryName('gb')).toBe('United Kingdom')
    expect(countryName('HK')).toBe('Hong Kong')
    expect(countryName('ZZ')).toBe('ZZ')
  })
})
