/** One kind of offer on the promotions page: a table of its offers, each linked to its editor, with how each sells. */
import { Link } from 'react-router'
import { money, type AdminOrderBump } from '../api.ts'

type Sales = AdminOrderBump['sales']

export interface OfferRow {
  id: string
  to: string
  name: string
  cells: string[]
  sales: Sales
}

export function OfferSection({
  id,
  title,
  about,
  columns,
  rows,
  add,
}: {
  id: string
  title: string
  about: string
  columns: string[]
  rows: OfferRow[] | undefined
  add?: { to: string; label: string } | undefined
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <p className="muted">{about}</p>
      {add && (
        <p>
          <Link to={add.to}>{add.label}</Link>
        </p>
      )}
      {rows && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable)
        <section className="table-wrap" aria-label={title} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th scope="col">Shown</th>
                <th scope="col">Taken</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={row.to}>{row.name}</Link>
                  </td>
                  {row.cells.map((cell, i) => (
                    <td key={columns[i]}>{cell}</td>
                  ))}
                  <td>{row.sales.shown ?? '—'}</td>
                  <td>{row.sales.taken}</td>
                  <td>{money(row.sales.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {rows?.length === 0 && <p>None yet.</p>}
    </section>
  )
}
