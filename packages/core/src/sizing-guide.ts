/** Sizing guide entries (SPEC §3). */

export interface SizingGuideInput {
  size: string
  bust?: string | null
  waist?: string | null
  hip?: string | null
  pant?: string | null
  front: string
  side: string
  back: string
}

export interface SizingGuideEntry {
  size: string
  /** Front, side, back; reversed for every second entry (odd index). */
  images: string[]
  /** 'Bust: 32-34"' etc., only for the measurements present. */
  lines: string[]
}

const MEASUREMENTS = [
  ['bust', 'Bust'],
  ['waist', 'Waist'],
  ['hip', 'Hip'],
  ['pant', 'Pant'],
] as const

/** Builds a sizing guide entry for display at position `index` (0-based). */
export function sizingGuideEntry(entry: SizingGuideInput, index: number): SizingGuideEntry {
  const images = [entry.front, entry.side, entry.back]
  if (index % 2 === 1) images.reverse()
  const lines: string[] = []
  for (const [key, label] of MEASUREMENTS) {
    const value = entry[key]?.trim()
    if (!value) continue
    // values carry their own unit ('32-34"', or a pant size '8-10'): shown as stored;
    // a value that names itself ('Socks: shoe sizes 5-11', glow's One Size) is not labelled again
    lines.push(/^[^:\d"]+:\s/.test(value) ? value : `${label}: ${value}`)
  }
  return { size: entry.size, images, lines }
}
