/**
 * The size and fit guide of SPEC §3: one entry per size with front, side and back
 * figures (order reversed on every second entry) and its measurements.
 */
import { displaySize, sizingGuideEntry, type SizingGuideInput } from '@store/core'

export { sizingGuideInputs } from './sizing-guide-rows'

const VIEWS = ['front', 'side', 'back']

/** The pixel size a media address names ('...-400x600-M.svg' -> 400x600), when it names one. */
export function sizeFromUrl(url: string): { width: number; height: number } | null {
  const m = /-(\d{2,4})x(\d{2,4})(?=[-.])/.exec(url)
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null
}

export function SizingGuide({ rows, brandId, headingLevel = 2 }: { rows: SizingGuideInput[]; brandId?: string; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3'
  if (rows.length === 0) return <p>The size guide is not available right now.</p>
  return (
    <ol className="size-guide" aria-label="Sizes">
      {rows.map((row, index) => {
        const entry = sizingGuideEntry(row, index)
        const shown = displaySize(entry.size, brandId)
        // which view each image is, after the reversal of every second entry
        const views = index % 2 === 1 ? [...VIEWS].reverse() : VIEWS
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
          <li key={`${entry.size}-${index}`} className="size-guide-entry">
            <div>
              <Heading>{shown}</Heading>
              {entry.lines.length ? (
                <ul>
                  {entry.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </div>
            <div className="size-guide-figures">
              {entry.images.map((src, i) => {
                const size = sizeFromUrl(src) ?? { width: 400, height: 600 }
                return (
                  <img
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
                    key={`${src}-${i}`}
                    src={src}
                    alt={`Size ${shown}, ${views[i]} view`}
                    width={size.width}
                    height={size.height}
                    loading={index < 2 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                )
              })}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
