/** Reviews: filter by state, item and rating; hide one from the storefront (its photos deleted) or show it again. */
import type { AdminReview } from '@store/core'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, when } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'

const FILTERS = ['state', 'item_id', 'rating'] as const

interface ReviewsAnswer {
  reviews: AdminReview[]
  next_cursor: string | null
}

export function ReviewsPage() {
  const [params, setParams] = useSearchParams()
  const [answer, setAnswer] = useState<ReviewsAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const key = params.toString()

  const load = useCallback(async () => {
    try {
      setAnswer(await api<ReviewsAnswer>(`/reviews?${key}`))
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The reviews could not be loaded.')
    }
  }, [key])

  useEffect(() => {
    setError(null)
    void load()
  }, [load])

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const next = new URLSearchParams()
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? '').trim()
      if (value) next.set(name, value)
    }
    setParams(next)
  }

  async function moderate(review: AdminReview) {
    setError(null)
    setOk(null)
    try {
      await api(`/reviews/${review.id}/${review.hidden ? 'show' : 'hide'}`, { method: 'POST', body: {} })
      await load()
      setOk(review.hidden ? `The review by ${review.author} shows again.` : `The review by ${review.author} is hidden from the store.`)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The review could not be changed.')
    }
  }

  const filters = new URLSearchParams([...params].filter(([name]) => name !== 'cursor'))

  return (
    <>
      <PageTitle title="Reviews">Reviews</PageTitle>
      <Notice error={error} ok={ok} />
      <form className="filters" onSubmit={filter} key={key}>
        <div>
          <label htmlFor="state">Shown or hidden</label>
          <select id="state" name="state" defaultValue={params.get('state') ?? ''}>
            <option value="">Either</option>
            <option value="shown">Shown</option>
            <option value="hidden">Hidden</option>
          </select>
        </div>
        <div>
          <label htmlFor="item_id">Item id</label>
          <input id="item_id" name="item_id" inputMode="numeric" defaultValue={params.get('item_id') ?? ''} />
        </div>
        <div>
          <label htmlFor="rating">Rating</label>
          <select id="rating" name="rating" defaultValue={params.get('rating') ?? ''}>
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {stars} of 5
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Filter</button>
      </form>
      {answer && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Reviews" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Reviews, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Written</th>
                  <th scope="col">Item</th>
                  <th scope="col">By</th>
                  <th scope="col">Rating</th>
                  <th scope="col">Review</th>
                  <th scope="col">State</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {answer.reviews.map((review) => (
                  <tr key={review.id}>
                    <td>{when(review.created_at)}</td>
                    <td>{review.item_name ?? '—'}</td>
                    <td>{review.customer_id ? <Link to={`/customers/${review.customer_id}`}>{review.author}</Link> : review.author}</td>
                    <td>{review.rating} of 5</td>
                    <td>
                      {review.text ?? ''}
                      {review.photos.length > 0 && (
                        <span className="review-photos">
                          {review.photos.map((url, index) => (
                            <a key={url} href={url} target="_blank" rel="noreferrer">
                              <img src={url} alt={`Sent with the review by ${review.author} (${index + 1} of ${review.photos.length})`} width={48} height={48} loading="lazy" />
                            </a>
                          ))}
                        </span>
                      )}
                    </td>
                    <td>{review.hidden ? 'Hidden' : 'Shown'}</td>
                    <td>
                      <button
                        type="button"
                        onClick={() => void moderate(review)}
                        aria-label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.author} of ${review.item_name ?? 'this item'}`}
                      >
                        {review.hidden ? 'Show' : 'Hide'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {answer.reviews.length === 0 && <p>No reviews match.</p>}
          <nav aria-label="Pages of reviews" className="pager">
            {params.get('cursor') && <Link to={`?${filters}`}>Newest</Link>}
            {answer.next_cursor && <Link to={`?${new URLSearchParams([...filters, ['cursor', answer.next_cursor]])}`}>Older reviews</Link>}
          </nav>
        </>
      )}
    </>
  )
}
