import { describe, expect, it } from 'vitest'
import { blockImage } from './content-image'
import { isContentSlug } from './content-loader'
import { isWistiaId, wistiaPlayerUrl } from './video-facade'

describe('content helpers', () => {
  it('accepts content slugs the API accepts', () => {
    for (const slug of ['terms', 'pf23-new-drop-cb', 'guides/care', 'abc_def', 'x-test']) expect(isContentSlug(slug)).toBe(true)
    for (const slug of ['', '-x', '../etc', 'a//b', 'a b', 'a?b', 'x'.repeat(121)]) expect(isContentSlug(slug)).toBe(false)
  })
  it('gives block images a size from their address when they carry none', () => {
    expect(blockImage('/media/banner/glow-1600x600-Hello.svg', 'Hello')).toEqual({ url: '/media/banner/glow-1600x600-Hello.svg', width: 1600, height: 600, alt: 'Hello' })
    expect(blockImage({ url: '/a.png', width: 10, height: 20, alt: 'A' }, 'x')).toEqual({ url: '/a.png', width: 10, height: 20, alt: 'A' })
    expect(blockImage(null, 'x')).toBeNull()
  })
  it('embeds only plain Wistia ids, and only when asked', () => {
    expect(isWistiaId('glowhome01')).toBe(true)
    expect(isWistiaId('a"b')).toBe(false)
    expect(isWistiaId('javascript:x')).toBe(false)
    expect(wistiaPlayerUrl('abc123', true)).toBe('https://fast.wistia.net/embed/iframe/abc123?autoPlay=true')
  })
})
