/** Which of the settings' sizing guide rows can be shown (apart from sizing-guide.tsx, which an item page fetches on demand). */
import type { SizingGuideInput } from '@store/core'

/** Settings' sizing guide rows that have everything an entry needs. */
export function sizingGuideInputs(rows: unknown): SizingGuideInput[] {
  if (!Array.isArray(rows)) return []
  return rows.filter(
    (row): row is SizingGuideInput =>
      !!row &&
      typeof row === 'object' &&
      typeof (row as SizingGuideInput).size === 'string' &&
      ['front', 'side', 'back'].every((k) => typeof (row as Record<string, unknown>)[k] === 'string'),
  )
}
