/** A one-time offer (SPEC §3, every field) with a preview of its page as /special-offer shows it after payment; how it sells; taken out of the flow. */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, money, type AdminOneTimeOffer } from '../api.ts'
import { useEditor } from '../editor.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

type Texts = Pick<AdminOneTimeOffer, 'banner' | 'headline' | 'text_copy' | 'extended_copy_1' | 'extended_copy_2' | 'extended_copy_3' | 'no_thanks_button_copy' | 'short_item_name'>
const TEXT_FIELDS: { name: keyof Texts; label: string; long?: boolean }[] = [
  { name: 'banner', label: 'Banner (empty: “Your order is placed. One more thing, just once:”)' },
  { name: 'headline', label: 'Headline' },
  { name: 'text_copy', label: 'Text', long: true },
  { name: 'extended_copy_1', label: 'Extended copy 1', long: true },
  { name: 'extended_copy_2', label: 'Extended copy 2', long: true },
  { name: 'extended_copy_3', label: 'Extended copy 3', long: true },
  { name: 'short_item_name', label: 'Short item name' },
  { name: 'no_thanks_button_copy', label: '“No thanks” button' },
]
const FLAGS = [
  { name: 'show_product_picker', label: 'Show the product picker' },
  { name: 'show_full_product_picker', label: 'Show the full product picker' },
  { name: 'show_category_picker', label: 'Show the category picker' },
  { name: 'show_sizepicker', label: 'Show the size picker' },
  { name: 'digital_product', label: 'A digital product (nothing to ship)' },
] as const

export function OneTimeOfferPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const editable = useSession().may('promotions.edit')
  const editor = useEditor<AdminOneTimeOffer>('The offer')
  const { record: offer, fields, load } = editor
  const [texts, setTexts] = useState<Record<keyof Texts, string>>({} as Record<keyof Texts, string>)
  const [price, setPrice] = useState('')

  const { setRecord } = editor
  const show = useCallback(
    (found: AdminOneTimeOffer) => {
      setRecord(found)
      setTexts(Object.fromEntries(TEXT_FIELDS.map((field) => [field.name, found[field.name] ?? ''])) as Record<keyof Texts, string>)
      setPrice(found.price.toFixed(2))
    },
    [setRecord],
  )

  useEffect(() => {
    load(
      async () => (await api<{ one_time_offers: AdminOneTimeOffer[] }>('/promotions/one-time-offers')).one_time_offers.find((candidate) => candidate.id === id),
      `There is no one-time offer ${id}.`,
      show,
    )
  }, [id, load, show])

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = {
      ...texts,
      price,
      categories: form.get('categories'),
      how_many: form.get('how_many'),
      position: form.get('position'),
      ...Object.fromEntries([1, 2, 3, 4].map((n) => [`image_${n}`, form.get(`image_${n}`)])),
      ...Object.fromEntries(FLAGS.map((flag) => [flag.name, form.get(flag.name) === 'on'])),
    }
    void editor.save(async () => {
      show((await api<{ one_time_offer: AdminOneTimeOffer }>(`/promotions/one-time-offers/${encodeURIComponent(id)}`, { method: 'PATCH', body })).one_time_offer)
    }, 'Saved. Shoppers see it after their next payment.')
  }

  const remove = () =>
    editor.act(async () => {
      await api(`/promotions/one-time-offers/${encodeURIComponent(id)}/remove`, { method: 'POST' })
      await navigate('/promotions')
    }, 'taken out')

  const title = offer ? `One-time offer: ${offer.short_item_name}` : 'One-time offer'
  return (
    <>
      <p>
        <Link to="/promotions">← Promotions</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <Notice {...editor.notice} />
      {offer && (
        <div className="editor">
          <form onSubmit={save}>
            <fieldset disabled={!editable}>
              <legend>The words</legend>
              {TEXT_FIELDS.map((field) => (
                <div key={field.name}>
                  <label htmlFor={field.name}>{field.label}</label>
                  {field.long ? (
                    <textarea
                      id={field.name}
                      rows={3}
                      value={texts[field.name]}
                      onChange={(event) => setTexts((before) => ({ ...before, [field.name]: event.target.value }))}
                      {...fields.attrs(field.name)}
                    />
                  ) : (
                    <input
                      id={field.name}
                      value={texts[field.name]}
                      onChange={(event) => setTexts((before) => ({ ...before, [field.name]: event.target.value }))}
                      {...fields.attrs(field.name)}
                    />
                  )}
                  {fields.message(field.name)}
                </div>
              ))}
            </fieldset>
            <fieldset disabled={!editable}>
              <legend>What it sells</legend>
              <label htmlFor="price">Price ($, for all the pieces)</label>
              <input id="price" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} {...fields.attrs('price')} />
              {fields.message('price')}
              <label htmlFor="how_many">How many pieces</label>
              <input id="how_many" name="how_many" inputMode="numeric" defaultValue={offer.how_many} {...fields.attrs('how_many')} />
              {fields.message('how_many')}
              <label htmlFor="categories">Categories the pieces come from (comma list)</label>
              <input id="categories" name="categories" defaultValue={offer.categories.join(',')} {...fields.attrs('categories')} />
              {fields.message('categories')}
              {[1, 2, 3, 4].map((n) => (
                <div key={n}>
                  <label htmlFor={`image_${n}`}>Image {n} (address)</label>
                  <input id={`image_${n}`} name={`image_${n}`} defaultValue={offer[`image_${n}` as 'image_1'] ?? ''} {...fields.attrs(`image_${n}`)} />
                  {fields.message(`image_${n}`)}
                </div>
              ))}
              {FLAGS.map((flag) => (
                <div className="checkbox" key={flag.name}>
                  <input id={flag.name} name={flag.name} type="checkbox" defaultChecked={offer[flag.name]} />
                  <label htmlFor={flag.name}>{flag.label}</label>
                </div>
              ))}
              <label htmlFor="position">Place in the flow after payment (0 first)</label>
              <input id="position" name="position" inputMode="numeric" defaultValue={offer.position} {...fields.attrs('position')} />
              {fields.message('position')}
            </fieldset>
            {editable && <button type="submit">Save</button>}
          </form>
          <section aria-labelledby="preview-heading" className="preview">
            <h2 id="preview-heading">Preview of the page</h2>
            <div className="preview-box">
              <p className="muted">{texts.banner || 'Your order 1234567890 is placed. One more thing, just once:'}</p>
              <p className="preview-headline">{texts.headline}</p>
              {offer.image_1 && <img src={offer.image_1} alt={texts.short_item_name} className="preview-image" />}
              <p>{texts.text_copy}</p>
              {[texts.extended_copy_1, texts.extended_copy_2, texts.extended_copy_3].filter(Boolean).map((copy) => (
                <p key={copy}>{copy}</p>
              ))}
              <p>
                <strong>{texts.short_item_name}</strong> for {money(Number(price) || 0)}
              </p>
              <p className="muted">Yes, add it to my order · {texts.no_thanks_button_copy || 'No thanks'}</p>
            </div>
            <h2>How it sells</h2>
            <dl className="facts">
              <dt>Shown</dt>
              <dd>{offer.sales.shown ?? '—'}</dd>
              <dt>Taken</dt>
              <dd>{offer.sales.taken}</dd>
              <dt>Revenue</dt>
              <dd>{money(offer.sales.revenue)}</dd>
            </dl>
          </section>
        </div>
      )}
      {editable && offer && (
        <p>
          <button type="button" className="danger" onClick={() => void remove()}>
            Take it out of the flow
          </button>
        </p>
      )}
    </>
  )
}
