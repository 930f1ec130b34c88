/** A discount code: made new, or its terms changed, ended; its uses and sales. The storefront takes a change at once. */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, money, when, type AdminDiscountCode } from '../api.ts'
import { useEditor } from '../editor.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

/** An ISO date-time as a datetime-local input's value (UTC, as the store keeps it). */
const local = (iso: string | null) => (iso ? iso.slice(0, 16) : '')
const iso = (value: FormDataEntryValue | null) => (value ? `${String(value)}:00Z` : '')

export function DiscountCodePage() {
  const { id } = useParams()
  const isNew = id === undefined
  const navigate = useNavigate()
  const { may } = useSession()
  const editable = may('promotions.edit')
  const editor = useEditor<AdminDiscountCode>('The code')
  const { record: code, setRecord: setCode, fields, load } = editor
  const [kind, setKind] = useState<'percentage' | 'amount'>('percentage')

  useEffect(() => {
    if (isNew) return
    load(
      async () => (await api<{ discount_code: AdminDiscountCode }>(`/promotions/discount-codes/${encodeURIComponent(id)}`)).discount_code,
      `There is no discount code ${id}.`,
      (found) => setKind(found.kind),
    )
  }, [id, isNew, load])

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = {
      code: form.get('code'),
      name: form.get('name') || undefined,
      info: form.get('info'),
      bullets: form.get('bullets'),
      details: form.get('details'),
      kind,
      ...(kind === 'percentage' ? { percentage: form.get('percentage') } : { amount: form.get('amount') }),
      included_classes: form.get('included_classes'),
      excluded_classes: form.get('excluded_classes'),
      minimum_order: form.get('minimum_order') || '0',
      club_only: form.get('club_only') === 'on',
      first_order_only: form.get('first_order_only') === 'on',
      one_per_customer: form.get('one_per_customer') === 'on',
      starts_at: iso(form.get('starts_at')),
      ends_at: iso(form.get('ends_at')),
      max_uses: form.get('max_uses'),
    }
    void editor.save(async () => {
      const saved = (
        await api<{ discount_code: AdminDiscountCode }>(isNew ? '/promotions/discount-codes' : `/promotions/discount-codes/${encodeURIComponent(id)}`, {
          method: isNew ? 'POST' : 'PATCH',
          body,
        })
      ).discount_code
      if (isNew) {
        await navigate(`/promotions/codes/${encodeURIComponent(saved.id)}`, { state: { created: true } })
        return
      }
      setCode(saved)
      editor.say('Saved. Shoppers get the new terms now.')
    })
  }

  const end = () =>
    code &&
    editor.act(
      async () => setCode((await api<{ discount_code: AdminDiscountCode }>(`/promotions/discount-codes/${encodeURIComponent(code.id)}/end`, { method: 'POST' })).discount_code),
      'ended',
      `${code.code} has ended.`,
    )

  const title = isNew ? 'New discount code' : code ? `Code ${code.code}` : 'Discount code'
  if (!isNew && !code)
    return (
      <>
        <PageTitle title={title}>{title}</PageTitle>
        <Notice error={editor.notice.error} />
      </>
    )
  return (
    <>
      <p>
        <Link to="/promotions">← Promotions</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <Notice {...editor.notice} />
      {code && (
        <dl className="facts">
          <dt>Status</dt>
          <dd>{code.status}</dd>
          <dt>Uses</dt>
          <dd>
            {code.uses}
            {code.max_uses !== null ? ` of ${code.max_uses}` : ''}
          </dd>
          <dt>Orders</dt>
          <dd>{code.sales.taken}</dd>
          <dt>Revenue</dt>
          <dd>{money(code.sales.revenue)}</dd>
          {code.ends_at && (
            <>
              <dt>Ends</dt>
              <dd>{when(code.ends_at)}</dd>
            </>
          )}
        </dl>
      )}
      <form onSubmit={save}>
        <fieldset disabled={!editable}>
          <legend>What shoppers type and read</legend>
          <label htmlFor="code">Code</label>
          <input id="code" name="code" required defaultValue={code?.code ?? ''} autoCapitalize="characters" {...fields.attrs('code')} />
          {fields.message('code')}
          <label htmlFor="name">Name shown in the cart (the code as typed unless given)</label>
          <input id="name" name="name" defaultValue={code?.name ?? ''} {...fields.attrs('name')} />
          {fields.message('name')}
          <label htmlFor="info">One line shoppers read (such as “Take 15% off your first order”)</label>
          <input id="info" name="info" defaultValue={code?.info ?? ''} {...fields.attrs('info')} />
          {fields.message('info')}
          <label htmlFor="bullets">Bullets, one per line</label>
          <textarea id="bullets" name="bullets" rows={3} defaultValue={code?.bullets.join('\n') ?? ''} {...fields.attrs('bullets')} />
          {fields.message('bullets')}
          <label htmlFor="details">Details (the fine print)</label>
          <textarea id="details" name="details" rows={2} defaultValue={code?.details ?? ''} {...fields.attrs('details')} />
          {fields.message('details')}
        </fieldset>
        <fieldset disabled={!editable}>
          <legend>What it takes off</legend>
          <div className="checkbox">
            <input id="kind-percentage" type="radio" name="kind" value="percentage" checked={kind === 'percentage'} onChange={() => setKind('percentage')} />
            <label htmlFor="kind-percentage">A percentage</label>
          </div>
          <div className="checkbox">
            <input id="kind-amount" type="radio" name="kind" value="amount" checked={kind === 'amount'} onChange={() => setKind('amount')} />
            <label htmlFor="kind-amount">An amount</label>
          </div>
          {kind === 'percentage' ? (
            <>
              <label htmlFor="percentage">Percent off</label>
              <input id="percentage" name="percentage" inputMode="numeric" required defaultValue={code?.percentage || ''} {...fields.attrs('percentage')} />
              {fields.message('percentage')}
            </>
          ) : (
            <>
              <label htmlFor="amount">Amount off ($)</label>
              <input id="amount" name="amount" inputMode="decimal" required defaultValue={code?.amount || ''} {...fields.attrs('amount')} />
              {fields.message('amount')}
            </>
          )}
          <label htmlFor="included_classes">Only these classes (comma list; empty for everything)</label>
          <input id="included_classes" name="included_classes" defaultValue={code?.included_classes.join(',') ?? ''} {...fields.attrs('included_classes')} />
          {fields.message('included_classes')}
          <label htmlFor="excluded_classes">Never these classes (comma list)</label>
          <input id="excluded_classes" name="excluded_classes" defaultValue={code?.excluded_classes.join(',') ?? ''} {...fields.attrs('excluded_classes')} />
          {fields.message('excluded_classes')}
          <label htmlFor="minimum_order">Minimum order ($)</label>
          <input id="minimum_order" name="minimum_order" inputMode="decimal" defaultValue={code?.minimum_order || ''} {...fields.attrs('minimum_order')} />
          {fields.message('minimum_order')}
        </fieldset>
        <fieldset disabled={!editable}>
          <legend>Who and when</legend>
          <div className="checkbox">
            <input id="club_only" name="club_only" type="checkbox" defaultChecked={code?.club_only ?? false} />
            <label htmlFor="club_only">VIP members and new sign-ups only</label>
          </div>
          <div className="checkbox">
            <input id="one_per_customer" name="one_per_customer" type="checkbox" defaultChecked={code?.one_per_customer ?? false} />
            <label htmlFor="one_per_customer">One use per customer</label>
          </div>
          <div className="checkbox">
            <input id="first_order_only" name="first_order_only" type="checkbox" defaultChecked={code?.first_order_only ?? false} />
            <label htmlFor="first_order_only">A first order only</label>
          </div>
          <label htmlFor="starts_at">Starts (UTC; empty for now)</label>
          <input id="starts_at" name="starts_at" type="datetime-local" defaultValue={local(code?.starts_at ?? null)} {...fields.attrs('starts_at')} />
          {fields.message('starts_at')}
          <label htmlFor="ends_at">Ends (UTC; empty for never)</label>
          <input id="ends_at" name="ends_at" type="datetime-local" defaultValue={local(code?.ends_at ?? null)} {...fields.attrs('ends_at')} />
          {fields.message('ends_at')}
          <label htmlFor="max_uses">Uses in all (empty for no cap)</label>
          <input id="max_uses" name="max_uses" inputMode="numeric" defaultValue={code?.max_uses ?? ''} {...fields.attrs('max_uses')} />
          {fields.message('max_uses')}
        </fieldset>
        {editable && <button type="submit">{isNew ? 'Create code' : 'Save'}</button>}
      </form>
      {editable && code && code.status !== 'ended' && (
        <p>
          <button type="button" className="danger" onClick={() => void end()}>
            End this code now
          </button>
        </p>
      )}
    </>
  )
}
