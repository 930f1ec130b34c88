/** Packing slips for a batch of orders (?numbers=a,b,c): one page each when printed (print CSS), the order number as text. */
import { displaySize } from '@store/core'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, when, type PackingSlip } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'
import './orders.css'

export function PackingSlipsPage() {
  const [params] = useSearchParams()
  const numbers = params.get('numbers') ?? ''
  const [slips, setSlips] = useState<PackingSlip[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { me } = useSession()

  useEffect(() => {
    let current = true
    api<{ slips: PackingSlip[] }>(`/orders/slips?${new URLSearchParams({ numbers })}`)
      .then((data) => current && setSlips(data.slips))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The packing slips could not be loaded.'))
    return () => {
      current = false
    }
  }, [numbers])

  return (
    <>
      <div className="no-print">
        <p>
          <Link to="/orders">← Orders</Link>
        </p>
        <PageTitle title="Packing slips">Packing slips</PageTitle>
        <Notice error={error} />
        {slips && (
          <button type="button" onClick={() => window.print()}>
            Print {slips.length} packing slip{slips.length === 1 ? '' : 's'}
          </button>
        )}
      </div>
      {slips?.map((slip) => (
        <article key={slip.order_number} className="packing-slip" aria-labelledby={`slip-${slip.order_number}`}>
          <h2 id={`slip-${slip.order_number}`}>
            {me.brand.name}: order {slip.order_number}
          </h2>
          <p>
            Placed {when(slip.placed_at)} · {slip.shipping_method}
          </p>
          <h3>Ship to</h3>
          <address>
            {[
              slip.ship_to.name,
              slip.ship_to.company,
              slip.ship_to.address,
              slip.ship_to.address_2,
              [slip.ship_to.city, [slip.ship_to.state, slip.ship_to.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
              slip.ship_to.country,
            ]
              .filter((line) => line.trim() !== '')
              .map((line) => (
                <span key={line} className="address-line">
                  {line}
                </span>
              ))}
          </address>
          <table>
            <caption className="visually-hidden">Pieces of order {slip.order_number}</caption>
            <thead>
              <tr>
                <th scope="col">Packed</th>
                <th scope="col">Item</th>
                <th scope="col">Colour</th>
                <th scope="col">Size</th>
                <th scope="col">Pieces</th>
              </tr>
            </thead>
            <tbody>
              {slip.lines.map((line) => (
                <tr key={`${line.name}-${line.color}-${line.size}`}>
                  <td aria-hidden="true">☐</td>
                  <td>{line.name}</td>
                  <td>{line.color}</td>
                  <td>{displaySize(line.size, me.brand.id)}</td>
                  <td>{line.qty}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </>
  )
}
