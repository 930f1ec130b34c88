import { describe, expect, it } from 'vitest'
import { isSplitTestEnabled, localSplitTestVariant } from './split-tests.ts'

describe('split tests', () => {
  it('runs Vip4sh for the two apparel brands only', () => {
    expect(isSplitTestEnabled('Vip4sh', 'popfitclothing')).toBe(true)
    expect(isSplitTestEnabled('Vip4sh', 'ckb')).toBe(true)
    expect(isSplitTestEnabled('Vip4sh', 'glow')).toBe(false)
  })

  it('takes the variant from the URL parameter named after the test first', () => {
    expect(localSplitTestVariant('Vip4sh', { search: '?Vip4sh=4sh', forced: 'Control' })).toBe('4sh')
  })

  it('falls back to a forced debug value, and ignores values that are no variant', () => {
    expect(localSplitTestVariant('Vip4sh', { search: '?Vip4sh=bogus', forced: 'Control' })).toBe('Control')
    expect(localSplitTestVariant('Vip4sh', { search: '', forced: 'nope' })).toBeNull()
    expect(localSplitTestVariant('Vip4sh', {})).toBeNull()
  })
})
