import { describe, expect, it } from 'vitest'
import { ICON_NAMES } from '../../../../server/src/media/media.service'
import { iconLabel, STORE_ICON_NAMES, storeIconUrl } from './store-icons'

describe('store icons', () => {
  it("names exactly the server's drawn icons", () => {
    expect([...STORE_ICON_NAMES].sort()).toEqual([...ICON_NAMES].sort())
  })
  it('builds icon addresses in a colour and keeps addresses as they are', () => {
    expect(storeIconUrl('fabric', '#C2185B')).toBe('/media/icon/fabric-c2185b.svg')
    expect(storeIconUrl('/media/icon/star-000000.svg', '#fff')).toBe('/media/icon/star-000000.svg')
    expect(storeIconUrl('nope', '#c2185b')).toBeNull()
    expect(storeIconUrl(null, '#c2185b')).toBeNull()
  })
  it('labels icons for people', () => {
    expect(iconLabel('ruler2')).toBe('Ruler 2')
    expect(iconLabel('sparkle')).toBe('Sparkle')
  })
})
