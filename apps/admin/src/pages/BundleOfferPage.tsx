/** A bundle offer (SPEC §3: so many pieces of these categories for one price), new or edited; how it sells; ended. */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, money, type AdminBundleOffer } from '../api.ts'
import { useEditor } from '../editor.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

const EMPTY = { offer_id: '', categories: '', how_many: '3', price: '' }

export function BundleOfferPage() {
  const { id = 'new' } = useParams()
  const creating = id === 'new'
  const navigate = useNavigate()
  const editable = useSession().may('promotions.edit')
  const editor = useEditor<AdminBundleOffer>('The bundle offer')
  const { record: bundle, fields, load } = editor
  const [draft, setDraft] = useState(EMPTY)

  useEffect(() => {
    if (creating) return
    load(
      async () => (await api<{ bundle_offers: AdminBundleOffer[] }>('/promotions/bundle-offers')).bundle_offers.find((candidate) => candidate.id === id),
      `There is no bundle offer ${id}.`,
      (found) => setDraft({ offer_id: found.offer_id, categories: found.categories.join(', '), how_many: String(found.how_many), price: found.price.toFixed(2) }),
    )
  }, [id, creating, load])

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void editor.save(async () => {
      const saved = (
        await api<{ bundle_offer: AdminBundleOffer }>(creating ? '/promotions/bundle-offers' : `/promotions/bundle-offers/${encodeURIComponent(id)}`, {
          method: creating ? 'POST' : 'PATCH',
          body: draft,
        })
      ).bundle_offer
      editor.setRecord(saved)
      if (creating) await navigate(`/promotions/bundles/${encodeURIComponent(saved.id)}`, { replace: true })
    }, 'Saved. Carts price with it now.')
  }

  const end = () =>
    editor.act(async () => {
      await api(`/promotions/bundle-offers/${encodeURIComponent(id)}/remove`, { method: 'POST' })
      await navigate('/promotions')
    }, 'ended')

  const title = creating ? 'New bundle offer' : bundle ? `Bundle offer: ${bundle.offer_id}` : 'Bundle offer'
  const change = (name: keyof typeof draft) => (event: { target: { value: string } }) => setDraft((before) => ({ ...before, [name]: event.target.value }))
  const pieces = Number(draft.how_many) || 0
  return (
    <>
      <p>
        <Link to="/promotions">← Promotions</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <Notice {...editor.notice} />
      {(creating || bundle) && (
        <div className="editor">
          <form onSubmit={save}>
            <fieldset disabled={!editable}>
              <legend>The bundle</legend>
              <label htmlFor="offer_id">Name (shown on the cart and the order)</label>
              <input id="offer_id" value={draft.offer_id} onChange={change('offer_id')} required {...fields.attrs('offer_id')} />
              {fields.message('offer_id')}
              <label htmlFor="categories">Categories (a comma list: pieces of any of them count)</label>
              <input id="categories" value={draft.categories} onChange={change('categories')} required {...fields.attrs('categories')} />
              {fields.message('categories')}
              <label htmlFor="how_many">Pieces</label>
              <input id="how_many" inputMode="numeric" value={draft.how_many} onChange={change('how_many')} required {...fields.attrs('how_many')} />
              {fields.message('how_many')}
              <label htmlFor="price">Price of the pieces together ($)</label>
              <input id="price" inputMode="decimal" value={draft.price} onChange={change('price')} required {...fields.attrs('price')} />
              {fields.message('price')}
            </fieldset>
            {editable && <button type="submit">{creating ? 'Create' : 'Save'}</button>}
          </form>
          <section aria-labelledby="preview-heading" className="preview">
            <h2 id="preview-heading">Preview</h2>
            <div className="preview-box">
              <p className="preview-headline">
                {pieces} for {money(Number(draft.price) || 0)}
              </p>
              <p>
                Any {pieces} pieces of {draft.categories || 'these categories'}, priced together in the cart.
              </p>
            </div>
            {bundle && (
              <>
                <h2>How it sells</h2>
                <dl className="facts">
                  <dt>Category page views</dt>
                  <dd>{bundle.sales.shown ?? '—'}</dd>
                  <dt>Orders that saved by it</dt>
                  <dd>{bundle.sales.taken}</dd>
                  <dt>Their revenue</dt>
                  <dd>{money(bundle.sales.revenue)}</dd>
                </dl>
              </>
            )}
          </section>
        </div>
      )}
      {editable && bundle && (
        <p>
          <button type="button" className="danger" onClick={() => void end()}>
            End this bundle
          </button>
        </p>
      )}
    </>
  )
}
