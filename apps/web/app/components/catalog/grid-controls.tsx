/**
 * Size filter and sort of a product grid: a GET form, so it works before
 * JavaScript (the Apply button submits it). Once hydrated, changing a select
 * updates the address (and so the grid) without a reload, focus staying on the
 * select; the Apply button stays, so a keyboard user (or a browser that fires
 * change only on commit) always has an explicit way to apply: it then applies
 * in place too, without reading the category again (docs/decisions/155).
 */
import { displaySize } from '@store/core'
import { useId } from 'react'
import { Form, useNavigate } from 'react-router'
import { DEFAULT_SORT, gridSearch, SORT_OPTIONS, type GridQuery, type SortKey } from './grid-query'

export interface GridControlsProps {
  query: GridQuery
  sizes: readonly string[]
  brandId?: string
  /** how many items the grid shows now */
  count: number
  total: number
  itemWord?: string
}

export function GridControls({ query, sizes, brandId, count, total, itemWord = 'item' }: GridControlsProps) {
  const id = useId()
  const navigate = useNavigate()
  const change = (next: Partial<GridQuery>) => {
    void navigate({ search: gridSearch({ ...query, ...next }) }, { replace: true, preventScrollReset: true })
  }
  const plural = (n: number) => `${n} ${itemWord}${n === 1 ? '' : 's'}`
  // the chosen size as one of the options (the address may say '2XL' for the option 'XXL')
  const sizeValue = query.size ? (sizes.find((s) => displaySize(s, brandId).toUpperCase() === displaySize(query.size!, brandId).toUpperCase()) ?? query.size) : ''
  return (
    <Form
      method="get"
      className="grid-controls"
      preventScrollReset
      replace
      aria-label="Filter and sort"
      onSubmit={(e) => {
        // hydrated: the same as a change, in place (a GET submission would read the category again)
        e.preventDefault()
        const form = new FormData(e.currentTarget)
        change({ size: String(form.get('size') ?? '') || null, sort: (String(form.get('sort') ?? '') || DEFAULT_SORT) as SortKey })
      }}
    >
      <div className="grid-control">
        <label htmlFor={`${id}-size`}>Size</label>
        <select id={`${id}-size`} name="size" value={sizeValue} onChange={(e) => change({ size: e.currentTarget.value || null })}>
          <option value="">All sizes</option>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {displaySize(size, brandId)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid-control">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} name="sort" value={query.sort} onChange={(e) => change({ sort: (e.currentTarget.value || DEFAULT_SORT) as SortKey })}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary grid-apply">
        Apply
      </button>
      <p className="grid-count" role="status" aria-live="polite">
        {count === total ? plural(total) : `${plural(count)} of ${total}`}
      </p>
    </Form>
  )
}
