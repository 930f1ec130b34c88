/** The store settings an owner edits (SPEC §3): each refused value is named at its field; saving shows on the storefront at once. */
import { useEffect, useState, type FormEvent } from 'react'
import { api, type AdminStoreSettings } from '../api.ts'
import { useFieldErrors } from '../field-errors.tsx'
import { Notice, PageTitle } from '../page-title.tsx'

type Key = keyof AdminStoreSettings
type Kind = 'text' | 'money' | 'number' | 'flag' | 'list' | 'long'

const GROUPS: { legend: string; fields: [Key, string, Kind][] }[] = [
  {
    legend: 'The store',
    fields: [
      ['storeName', 'Store name', 'text'],
      ['mainProduct', 'Main product', 'text'],
      ['mainProductPlural', 'Main product, plural', 'text'],
      ['mainShoppingPath', 'Where "Shop now" leads', 'text'],
      ['sizes', 'Sizes sold (comma list)', 'list'],
      ['supportEmail', 'Support e-mail address', 'text'],
      ['personaFullName', 'Persona name', 'text'],
    ],
  },
  {
    legend: 'The club',
    fields: [
      ['clubName', 'Club name', 'text'],
      ['clubDiscountPercentage', "Members' discount (%)", 'number'],
      ['monthlyItemFlair', 'Monthly item flair', 'text'],
      ['showClubOffer', 'Show the club offer', 'flag'],
    ],
  },
  {
    legend: 'Shipping and orders',
    fields: [
      ['freeShippingThreshold', 'Free shipping from ($)', 'money'],
      ['standardShippingCost', 'Standard shipping ($)', 'money'],
      ['expressShippingCost', 'Express shipping ($)', 'money'],
      ['orderCancelMinutes', 'Minutes a shopper may cancel an order', 'number'],
      ['returnWindowDays', 'Days to return a delivered order', 'number'],
    ],
  },
  {
    legend: 'Afterpay',
    fields: [
      ['afterpay', 'Offer Afterpay', 'flag'],
      ['afterpayMinimum', 'Afterpay minimum ($)', 'money'],
      ['afterpayMaximum', 'Afterpay maximum ($)', 'money'],
    ],
  },
  {
    legend: 'Social',
    fields: [
      ['facebook', 'Facebook page (https://)', 'text'],
      ['instagram', 'Instagram page (https://)', 'text'],
      ['socialMediaDiscountCode', 'Social media discount code', 'text'],
      ['feedBio', 'Feed bio', 'long'],
    ],
  },
]

const shown = (value: AdminStoreSettings[Key], kind: Kind): string => {
  if (value === null) return ''
  if (kind === 'list' && Array.isArray(value)) return value.join(', ')
  if (kind === 'money' && typeof value === 'number') return value.toFixed(2)
  return String(value)
}

export function SettingsPage() {
  const [settings, setSettings] = useState<AdminStoreSettings | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const fields = useFieldErrors()

  useEffect(() => {
    api<{ settings: AdminStoreSettings }>('/settings')
      .then((data) => setSettings(data.settings))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The settings could not be loaded.'))
  }, [])

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: Record<string, unknown> = {}
    for (const group of GROUPS) for (const [key, , kind] of group.fields) body[key] = kind === 'flag' ? form.get(key) === 'on' : form.get(key)
    setError(null)
    setOk(null)
    fields.clear()
    try {
      setSettings((await api<{ settings: AdminStoreSettings }>('/settings', { method: 'PATCH', body })).settings)
      setOk('Settings saved. The store uses them now.')
    } catch (caught) {
      fields.take(caught)
      setError(caught instanceof Error ? caught.message : 'The settings could not be saved.')
    }
  }

  return (
    <>
      <PageTitle title="Settings">Store settings</PageTitle>
      <Notice error={error} ok={ok} />
      {settings && (
        <form onSubmit={(event) => void save(event)}>
          {GROUPS.map((group) => (
            <fieldset key={group.legend}>
              <legend>{group.legend}</legend>
              {group.fields.map(([key, label, kind]) =>
                kind === 'flag' ? (
                  <div className="checkbox" key={key}>
                    <input id={key} name={key} type="checkbox" defaultChecked={settings[key] === true} />
                    <label htmlFor={key}>{label}</label>
                  </div>
                ) : (
                  <div key={key}>
                    <label htmlFor={key}>{label}</label>
                    {kind === 'long' ? (
                      <textarea id={key} name={key} rows={3} defaultValue={shown(settings[key], kind)} {...fields.attrs(key)} />
                    ) : (
                      <input
                        id={key}
                        name={key}
                        defaultValue={shown(settings[key], kind)}
                        inputMode={kind === 'money' ? 'decimal' : kind === 'number' ? 'numeric' : undefined}
                        {...fields.attrs(key)}
                      />
                    )}
                    {fields.message(key)}
                  </div>
                ),
              )}
            </fieldset>
          ))}
          <button type="submit">Save settings</button>
        </form>
      )}
    </>
  )
}
