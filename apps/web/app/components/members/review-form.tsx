/**
 * A buyer's review of an item of an order that has arrived (docs/reviews.md):
 * rating, would you recommend us, the SPEC §3 answers and up to 3 photos. With
 * JavaScript the form goes to POST /api/reviews (which takes photos up to 8 MB
 * each); without, it posts to the page's action (whose body limit is 1 MB, so
 * small photos only).
 */
import { useId, useState, type FormEvent } from 'react'
import { Form, useNavigate } from 'react-router'
import { readErrors } from '../../lib/api/client'
import type { ApiErrorItem } from '../../lib/api/types'

const MAX_PHOTOS = 3

export function ReviewForm({ itemId, itemName, errors: serverErrors = [] }: { itemId: number; itemName: string; errors?: ApiErrorItem[] }) {
  const id = useId()
  const navigate = useNavigate()
  const [errors, setErrors] = useState<ApiErrorItem[]>([])
  const [busy, setBusy] = useState(false)
  const shown = errors.length ? errors : serverErrors

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    form.delete('intent')
    const files = form.getAll('photos').filter((file): file is File => file instanceof File && file.size > 0)
    form.delete('photos')
    if (files.length > MAX_PHOTOS) return setErrors([{ message: `Add up to ${MAX_PHOTOS} photos.`, field: 'photos' }])
    files.forEach((file, i) => {
      form.append(`photo_${i + 1}`, file)
    })
    setBusy(true)
    setErrors([])
    try {
      const response = await fetch('/api/reviews', { method: 'POST', body: form, headers: { accept: 'application/json' }, credentials: 'same-origin' })
      if (response.ok) return navigate(`/orders?reviewed=${itemId}`)
      const body: unknown = await response.json().catch(() => null)
      setErrors(response.status === 413 ? [{ message: 'The photos are too large: up to 8 MB each.', field: 'photos' }] : readErrors(body, response.status))
    } catch {
      setErrors([{ message: 'We could not reach the store just now. Try again.' }])
    } finally {
      setBusy(false)
    }
  }

  const fieldError = (name: string) => shown.find((error) => error.field === name)?.message
  const general = shown.filter((error) => !error.field || !['rating', 'would_you_recommend_us', 'about_your_product', 'photos', 'instagram'].includes(error.field))
  const text = (name: string, label: string, rows = 2, required = false) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <textarea
        id={`${id}-${name}`}
        name={name}
        rows={rows}
        maxLength={name === 'about_your_product' ? 2000 : 1000}
        required={required}
        aria-invalid={fieldError(name) ? true : undefined}
        aria-describedby={fieldError(name) ? `${id}-${name}-error` : undefined}
      />
      {fieldError(name) ? (
        <p className="field-error" id={`${id}-${name}-error`}>
          {fieldError(name)}
        </p>
      ) : null}
    </div>
  )
  return (
    <details className="review-write" open={shown.length > 0 || undefined}>
      <summary>Write a review of {itemName}</summary>
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} aria-label={`Review of ${itemName}`}>
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="item_id" value={itemId} />
        <div id={`${id}-errors`} role="alert" className="form-error">
          {general.map((error) => (
            <p key={error.message}>{error.message}</p>
          ))}
        </div>
        <fieldset className="fieldset-plain">
          <legend>Your rating</legend>
          <div className="rating-options">
            {[5, 4, 3, 2, 1].map((stars) => (
              <label key={stars}>
                <input type="radio" name="rating" value={stars} required defaultChecked={stars === 5} /> {stars} {stars === 1 ? 'star' : 'stars'}
              </label>
            ))}
          </div>
          {fieldError('rating') ? <p className="field-error">{fieldError('rating')}</p> : null}
        </fieldset>
        <fieldset className="fieldset-plain">
          <legend>Would you recommend us?</legend>
          <div className="rating-options">
            <label>
              <input type="radio" name="would_you_recommend_us" value="true" defaultChecked /> Yes
            </label>
            <label>
              <input type="radio" name="would_you_recommend_us" value="false" /> No
            </label>
          </div>
        </fieldset>
        {text('about_your_product', 'About your product', 3, true)}
        {text('sizing_fit', 'Sizing or fit')}
        {text('how_do_you_style', 'How do you style it?')}
        {text('where_travel', 'Where do you wear it?')}
        {text('how_was_your_first_order', 'How was your first order?')}
        <div className="field">
          <label htmlFor={`${id}-instagram`}>Instagram (optional)</label>
          <input id={`${id}-instagram`} name="instagram" maxLength={31} autoComplete="off" aria-invalid={fieldError('instagram') ? true : undefined} />
          {fieldError('instagram') ? <p className="field-error">{fieldError('instagram')}</p> : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-photos`}>Photos (up to 3)</label>
          <input
            id={`${id}-photos`}
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-invalid={fieldError('photos') ? true : undefined}
            aria-describedby={fieldError('photos') ? `${id}-photos-error` : undefined}
          />
          {fieldError('photos') ? (
            <p className="field-error" id={`${id}-photos-error`}>
              {fieldError('photos')}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Post review'}
        </button>
      </Form>
    </details>
  )
}
