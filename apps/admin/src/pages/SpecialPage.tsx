/**
 * A social media special or free gift (SPEC §3; a special at $0 is a free gift), new or edited:
 * its landing's words, item and price, its landers and their split test; how it sells; ended (its
 * landing stays, for the ads that point at it, and says so).
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, money, type AdminSocialMediaSpecial } from '../api.ts'
import { useEditor } from '../editor.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

const EMPTY = {
  id: '',
  landing_page_headline: '',
  main_item_description: '',
  item_id: '',
  price: '',
  free_shipping: false,
  split_test_no_lander: false,
  split_test_landers: '',
  landers: '',
}

/** Landers as the page writes them: one a line, "id | headline | image". */
const landersText = (landers: AdminSocialMediaSpecial['landers']) => landers.map((lander) => `${lander.id} | ${lander.headline} | ${lander.image}`).join('\n')
const landersOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [id = '', headline = '', image = ''] = line.split('|').map((part) => part.trim())
      return { id, headline, image }
    })

/** The form's values for a special as saved. */
const draftOf = (found: AdminSocialMediaSpecial): typeof EMPTY => ({
  id: found.id,
  landing_page_headline: found.landing_page_headline,
  main_item_description: found.main_item_description,
  item_id: found.item_id === null ? '' : String(found.item_id),
  price: found.price.toFixed(2),
  free_shipping: found.free_shipping,
  split_test_no_lander: found.split_test_no_lander,
  split_test_landers: found.split_test_landers.join(', '),
  landers: landersText(found.landers),
})

export function SpecialPage() {
  const { id = 'new' } = useParams()
  const creating = id === 'new'
  const navigate = useNavigate()
  const editable = useSession().may('promotions.edit')
  const editor = useEditor<AdminSocialMediaSpecial>('The special')
  const { record: special, fields, load } = editor
  const [draft, setDraft] = useState(EMPTY)

  useEffect(() => {
    if (creating) return
    load(
      async () =>
        (await api<{ social_media_specials: AdminSocialMediaSpecial[] }>('/promotions/social-media-specials')).social_media_specials.find((candidate) => candidate.id === id),
      `There is no social media special ${id}.`,
      (found) => setDraft(draftOf(found)),
    )
  }, [id, creating, load])

  /** Saves the special (made, changed or ended), then says `done`. */
  const send = (body: Record<string, unknown>, done: string) =>
    editor.save(async () => {
      const saved = (
        await api<{ social_media_special: AdminSocialMediaSpecial }>(
          creating ? '/promotions/social-media-specials' : `/promotions/social-media-specials/${encodeURIComponent(id)}`,
          { method: creating ? 'POST' : 'PATCH', body },
        )
      ).social_media_special
      editor.setRecord(saved)
      setDraft(draftOf(saved))
      if (creating) await navigate(`/promotions/specials/${encodeURIComponent(saved.id)}`, { replace: true })
    }, done)

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { id: address, landers, ...rest } = draft
    void send({ ...(creating ? { id: address } : {}), ...rest, landers: landersOf(landers) }, 'Saved. Its landing shows it now.')
  }

  const title = creating ? 'New social media special' : special ? `Special: ${special.id}` : 'Social media special'
  const change = (name: keyof typeof draft) => (event: { target: { value: string } }) => setDraft((before) => ({ ...before, [name]: event.target.value }))
  const tick = (name: 'free_shipping' | 'split_test_no_lander') => (event: { target: { checked: boolean } }) => setDraft((before) => ({ ...before, [name]: event.target.checked }))
  const price = Number(draft.price) || 0
  return (
    <>
      <p>
        <Link to="/promotions">← Promotions</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <Notice {...editor.notice} />
      {(creating || special) && (
        <div className="editor">
          <form onSubmit={save}>
            <fieldset disabled={!editable}>
              <legend>The landing</legend>
              {creating && (
                <>
                  <label htmlFor="id">Address (after /social_media_specials/)</label>
                  <input id="id" value={draft.id} onChange={change('id')} required {...fields.attrs('id')} />
                  {fields.message('id')}
                </>
              )}
              <label htmlFor="landing_page_headline">Headline</label>
              <input
                id="landing_page_headline"
                value={draft.landing_page_headline}
                onChange={change('landing_page_headline')}
                required
                {...fields.attrs('landing_page_headline')}
              />
              {fields.message('landing_page_headline')}
              <label htmlFor="main_item_description">Description</label>
              <textarea
                id="main_item_description"
                rows={3}
                value={draft.main_item_description}
                onChange={change('main_item_description')}
                required
                {...fields.attrs('main_item_description')}
              />
              {fields.message('main_item_description')}
              <label htmlFor="item_id">Item (its id{special?.item_name ? `; now ${special.item_name}` : ''})</label>
              <input id="item_id" inputMode="numeric" value={draft.item_id} onChange={change('item_id')} required={creating} {...fields.attrs('item_id')} />
              {fields.message('item_id')}
              <label htmlFor="price">Price ($; 0 makes it a free gift, the shopper pays shipping)</label>
              <input id="price" inputMode="decimal" value={draft.price} onChange={change('price')} required {...fields.attrs('price')} />
              {fields.message('price')}
              <label className="check">
                <input type="checkbox" checked={draft.free_shipping} onChange={tick('free_shipping')} /> Free shipping
              </label>
            </fieldset>
            <fieldset disabled={!editable}>
              <legend>Landers and their split test</legend>
              <label htmlFor="landers">Landers (one a line: id | headline | image address)</label>
              <textarea id="landers" rows={4} value={draft.landers} onChange={change('landers')} {...fields.attrs('landers')} />
              {fields.message('landers')}
              <label htmlFor="split_test_landers">Landers in the split test (a comma list of their ids)</label>
              <input id="split_test_landers" value={draft.split_test_landers} onChange={change('split_test_landers')} {...fields.attrs('split_test_landers')} />
              {fields.message('split_test_landers')}
              <label className="check">
                <input type="checkbox" checked={draft.split_test_no_lander} onChange={tick('split_test_no_lander')} /> The test also sends some visitors straight to the item (no
                lander)
              </label>
            </fieldset>
            {editable && <button type="submit">{creating ? 'Create' : 'Save'}</button>}
          </form>
          <section aria-labelledby="preview-heading" className="preview">
            <h2 id="preview-heading">Preview</h2>
            <div className="preview-box">
              <p className="preview-headline">{draft.landing_page_headline}</p>
              <p>{draft.main_item_description}</p>
              <p>
                <strong>{price === 0 ? 'Free: just pay shipping' : money(price)}</strong>
                {draft.free_shipping && price > 0 ? ' · free shipping' : ''}
              </p>
            </div>
            {special && (
              <>
                <p>
                  <a href={special.permalink} target="_blank" rel="noreferrer">
                    Open its landing in the store
                  </a>
                </p>
                <h2>How it sells</h2>
                <dl className="facts">
                  <dt>Landing views</dt>
                  <dd>{special.sales.shown ?? '—'}</dd>
                  <dt>Orders</dt>
                  <dd>{special.sales.taken}</dd>
                  <dt>Their revenue</dt>
                  <dd>{money(special.sales.revenue)}</dd>
                </dl>
              </>
            )}
          </section>
        </div>
      )}
      {editable && special && special.item_id !== null && (
        <p>
          <button type="button" className="danger" onClick={() => void send({ item_id: null }, 'Ended: its landing says so, and nobody can claim it.')}>
            End this special
          </button>
        </p>
      )}
    </>
  )
}
