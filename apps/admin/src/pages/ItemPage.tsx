/** One item: its fields (for a role that may edit), its stock per size (for a role that may count it), recent adjustments. */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { displaySize } from '@store/core'
import { Link, useParams } from 'react-router'
import { api, ApiError, money, when, type AdminItem, type StockAdjustment } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'
import { ItemPhotos } from './ItemPhotos.tsx'

type ItemAnswer = { item: AdminItem & { adjustments: StockAdjustment[] } }

export function ItemPage() {
  const { id } = useParams()
  const { may, me } = useSession()
  // sizes as the storefront shows them (XXL as 2XL; popfit's stored XXXXXL as 4XL), SPEC §5
  const shown = (size: string) => displaySize(size, me.brand.id)
  const [item, setItem] = useState<ItemAnswer['item'] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  const load = useCallback(async () => {
    try {
      setItem((await api<ItemAnswer>(`/items/${id}`)).item)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The item could not be loaded.')
    }
  }, [id])

  useEffect(() => {
    void load()
  }, [load])

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setError(null)
    setOk(null)
    setFieldErrors({})
    try {
      await api(`/items/${id}`, {
        method: 'PATCH',
        body: {
          name: form.get('name'),
          color: form.get('color'),
          price: form.get('price'),
          member_price: form.get('member_price') ?? '',
          compare_at_price: form.get('compare_at_price') ?? '',
          sizes: form.get('sizes'),
          description: form.get('description'),
          published: form.get('published') === 'on',
          vip_exclusive: form.get('vip_exclusive') === 'on',
        },
      })
      await load()
      setOk('Saved. The store shows the change now.')
    } catch (caught) {
      if (caught instanceof ApiError) setFieldErrors(Object.fromEntries(caught.errors.filter((e) => e.field).map((e) => [e.field!, e.message])))
      setError(caught instanceof Error ? caught.message : 'The item could not be saved.')
    }
  }

  async function adjust(event: FormEvent<HTMLFormElement>, size: string) {
    event.preventDefault()
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    setError(null)
    setOk(null)
    try {
      await api('/stock', { body: { item_id: Number(id), size, quantity: form.get('quantity'), reason: form.get('reason') } })
      formElement.reset()
      await load()
      setOk(`Stock of size ${shown(size)} set.`)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The stock could not be set.')
    }
  }

  if (!item) {
    return (
      <>
        <PageTitle title="Item">Item {id}</PageTitle>
        <Notice error={error} />
      </>
    )
  }

  const field = (name: string) => (fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {fieldErrors[name]}
      </p>
    ) : null
  const canEdit = may('catalog.edit')

  return (
    <>
      <p>
        <Link to="/items">← Items</Link>
      </p>
      <PageTitle title={item.name}>
        {item.name} <span className="muted">#{item.id}</span>
      </PageTitle>
      <Notice error={error} ok={ok} />
      {canEdit ? (
        <form className="item-form" onSubmit={(event) => void save(event)} key={JSON.stringify(item)}>
          <fieldset>
            <legend>Details</legend>
            <label htmlFor="name">Name</label>
            <input id="name" name="name" defaultValue={item.name} required {...field('name')} />
            {fieldError('name')}
            <label htmlFor="color">Colour</label>
            <input id="color" name="color" defaultValue={item.color} required {...field('color')} />
            {fieldError('color')}
            <label htmlFor="price">Price ($)</label>
            <input id="price" name="price" inputMode="decimal" defaultValue={item.price.toFixed(2)} required {...field('price')} />
            {fieldError('price')}
            <label htmlFor="member_price">Member price ($, empty for none)</label>
            <input id="member_price" name="member_price" inputMode="decimal" defaultValue={item.member_price?.toFixed(2) ?? ''} {...field('member_price')} />
            {fieldError('member_price')}
            <label htmlFor="compare_at_price">Compare-at price ($, empty for none)</label>
            <input id="compare_at_price" name="compare_at_price" inputMode="decimal" defaultValue={item.compare_at_price?.toFixed(2) ?? ''} {...field('compare_at_price')} />
            {fieldError('compare_at_price')}
            <label htmlFor="sizes">Sizes (comma list)</label>
            <input id="sizes" name="sizes" defaultValue={item.sizes.map((s) => s.size).join(',')} required {...field('sizes')} />
            {fieldError('sizes')}
            <label htmlFor="description">Description</label>
            <textarea id="description" name="description" rows={4} defaultValue={item.description} {...field('description')} />
            <div className="checkbox">
              <input id="published" name="published" type="checkbox" defaultChecked={item.published} />
              <label htmlFor="published">Published (shown in the store)</label>
            </div>
            <div className="checkbox">
              <input id="vip_exclusive" name="vip_exclusive" type="checkbox" defaultChecked={item.vip_exclusive} />
              <label htmlFor="vip_exclusive">For club members only</label>
            </div>
          </fieldset>
          <button type="submit">Save item</button>
        </form>
      ) : (
        <dl className="facts">
          <dt>Colour</dt>
          <dd>{item.color}</dd>
          <dt>Price</dt>
          <dd>{money(item.price)}</dd>
          <dt>Member price</dt>
          <dd>{money(item.member_price)}</dd>
          <dt>Status</dt>
          <dd>{item.published ? 'Published' : 'Draft'}</dd>
        </dl>
      )}

      <ItemPhotos itemId={item.id} canEdit={canEdit} />

      <h2>Stock</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
      <section className="table-wrap" aria-label="Stock by size" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">In stock</th>
              {may('stock.adjust') && <th scope="col">Set the count</th>}
            </tr>
          </thead>
          <tbody>
            {item.sizes.map((size) => (
              <tr key={size.size}>
                <th scope="row">{shown(size.size)}</th>
                <td>{size.stock}</td>
                {may('stock.adjust') && (
                  <td>
                    <form className="stock-form" onSubmit={(event) => void adjust(event, size.size)}>
                      <label htmlFor={`quantity-${size.size}`}>New count for {shown(size.size)}</label>
                      <input id={`quantity-${size.size}`} name="quantity" type="number" min={0} step={1} required />
                      <label htmlFor={`reason-${size.size}`}>Reason</label>
                      <input id={`reason-${size.size}`} name="reason" required placeholder="Recount, damaged, delivery…" />
                      <button type="submit">Set</button>
                    </form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <h2>Recent stock changes</h2>
      {item.adjustments.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="adjustments">
          {item.adjustments.map((a) => (
            <li key={`${a.at}-${a.size}`}>
              {when(a.at)}: size {shown(a.size)} from {a.from} to {a.to}, “{a.reason}”{a.by ? ` by ${a.by}` : ''}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
