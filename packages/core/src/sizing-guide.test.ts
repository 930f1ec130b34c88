import { describe, it, expect } from 'vitest'
import { sizingGuideEntry } from './sizing-guide.ts'

const entry = { size: 'S', bust: '32-34"', waist: '26-28"', hip: '36-38"', front: 'f.jpg', side: 's.jpg', back: 'b.jpg' }

describe('sizingGuideEntry', () => {
  it('lists front, side, back and the measurements present', () => {
    expect(sizingGuideEntry(entry, 0)).toEqual({
      size: 'S',
      images: ['f.jpg', 's.jpg', 'b.jpg'],
      lines: ['Bust: 32-34"', 'Waist: 26-28"', 'Hip: 36-38"'],
    })
  })
  it('reverses the images for every second entry', () => {
    expect(sizingGuideEntry(entry, 1).images).toEqual(['b.jpg', 's.jpg', 'f.jpg'])
    expect(sizingGuideEntry(entry, 2).images).toEqual(['f.jpg', 's.jpg', 'b.jpg'])
    expect(sizingGuideEntry(entry, 3).images).toEqual(['b.jpg', 's.jpg', 'f.jpg'])
  })
  it('builds lines only from fields that exist', () => {
    expect(sizingGuideEntry({ size: 'M', pant: '8-10', waist: ' ', front: 'f', side: 's', back: 'b' }, 0).lines).toEqual(['Pant: 8-10'])
  })
})

describe('a measurement that names itself', () => {
  it("is shown as stored, not under another label ('Pant: Socks: shoe sizes 5-11')", () => {
    const entry = sizingGuideEntry({ size: 'One Size', pant: 'Socks: shoe sizes 5-11', front: 'f', side: 's', back: 'b' }, 0)
    expect(entry.lines).toEqual(['Socks: shoe sizes 5-11'])
    expect(sizingGuideEntry({ size: 'M', pant: '8-12', front: 'f', side: 's', back: 'b' }, 0).lines).toEqual(['Pant: 8-12'])
  })
})
