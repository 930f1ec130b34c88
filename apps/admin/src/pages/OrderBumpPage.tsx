/** An order bump (SPEC §3): its words, item and price, with a preview of its box as /checkout-ob shows it; how it sells; taken off the checkout. */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, money, type AdminOrderBump } from '../api.ts'
import { useEditor } from '../editor.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

export function OrderBumpPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const editable = useSession().may('promotions.edit')
  const editor = useEditor<AdminOrderBump>('The order bump')
  const { record: bump, fields } = editor
  const [draft, setDraft] = useState({ headline: '', text_copy: '', short_item_name: '', price: '' })

  const { load } = editor
  useEffect(() => {
    load(
      async () => (await api<{ order_bumps: AdminOrderBump[] }>('/promotions/order-bumps')).order_bumps.find((candidate) => candidate.id === id),
      `There is no order bump ${id}.`,
      (found) => setDraft({ headline: found.headline, text_copy: found.text_copy, short_item_name: found.short_item_name, price: found.price.toFixed(2) }),
    )
  }, [id, load])

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    void editor.save(async () => {
      const body = { ...draft, item_id: form.get('item_id'), position: form.get('position') }
      editor.setRecord((await api<{ order_bump: AdminOrderBump }>(`/promotions/order-bumps/${encodeURIComponent(id)}`, { method: 'PATCH', body })).order_bump)
    }, 'Saved. The checkout shows it now.')
  }

  const remove = () =>
    editor.act(async () => {
      await api(`/promotions/order-bumps/${encodeURIComponent(id)}/remove`, { method: 'POST' })
      await navigate('/promotions')
    }, 'taken off')

  const title = bump ? `Order bump: ${bump.short_item_name}` : 'Order bump'
  const change = (name: keyof typeof draft) => (event: { target: { value: string } }) => setDraft((before) => ({ ...before, [name]: event.target.value }))
  return (
    <>
      <p>
        <Link to="/promotions">← Promotions</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <Notice {...editor.notice} />
      {bump && (
        <div className="editor">
          <form onSubmit={save}>
            <fieldset disabled={!editable}>
              <legend>The offer</legend>
              <label htmlFor="headline">Headline</label>
              <input id="headline" value={draft.headline} onChange={change('headline')} required {...fields.attrs('headline')} />
              {fields.message('headline')}
              <label htmlFor="text_copy">Text</label>
              <textarea id="text_copy" rows={3} value={draft.text_copy} onChange={change('text_copy')} required {...fields.attrs('text_copy')} />
              {fields.message('text_copy')}
              <label htmlFor="short_item_name">Short item name</label>
              <input id="short_item_name" value={draft.short_item_name} onChange={change('short_item_name')} required {...fields.attrs('short_item_name')} />
              {fields.message('short_item_name')}
              <label htmlFor="price">Price ($)</label>
              <input id="price" inputMode="decimal" value={draft.price} onChange={change('price')} required {...fields.attrs('price')} />
              {fields.message('price')}
              <label htmlFor="item_id">Item (its id; now {bump.item_name})</label>
              <input id="item_id" name="item_id" inputMode="numeric" defaultValue={bump.item_id} {...fields.attrs('item_id')} />
              {fields.message('item_id')}
              <label htmlFor="position">Place in the line of bumps (0 first)</label>
              <input id="position" name="position" inputMode="numeric" defaultValue={bump.position} {...fields.attrs('position')} />
              {fields.message('position')}
            </fieldset>
            {editable && <button type="submit">Save</button>}
          </form>
          <section aria-labelledby="preview-heading" className="preview">
            <h2 id="preview-heading">Preview</h2>
            <div className="preview-box">
              <p className="preview-headline">{draft.headline}</p>
              <p>{draft.text_copy}</p>
              <p>
                <strong>{draft.short_item_name}</strong> for {money(Number(draft.price) || 0)}
              </p>
              <p className="muted">Yes, add it · No thanks</p>
            </div>
            <p>
              <a href={`/checkout-ob/${encodeURIComponent(id)}`} target="_blank" rel="noreferrer">
                Open it in the store
              </a>
            </p>
            <h2>How it sells</h2>
            <dl className="facts">
              <dt>Shown</dt>
              <dd>{bump.sales.shown ?? '—'}</dd>
              <dt>Taken</dt>
              <dd>{bump.sales.taken}</dd>
              <dt>Revenue</dt>
              <dd>{money(bump.sales.revenue)}</dd>
            </dl>
          </section>
        </div>
      )}
      {editable && bump && (
        <p>
          <button type="button" className="danger" onClick={() => void remove()}>
            Take it off the checkout
          </button>
        </p>
      )}
    </>
  )
}
