/** The header and footer menus: each link changed in place, moved up or down, removed; a link added at the end. */
import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { api, type AdminMenuLink, type AdminMenus } from '../../api.ts'
import { useFieldErrors } from '../../field-errors.tsx'
import { Notice, PageTitle } from '../../page-title.tsx'

type Menu = 'header' | 'footer'

export function MenusPage() {
  const [menus, setMenus] = useState<AdminMenus | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)

  useEffect(() => {
    api<{ menus: AdminMenus }>('/content/menus')
      .then((data) => setMenus(data.menus))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The menus could not be loaded.'))
  }, [])

  async function change(call: () => Promise<{ menus: AdminMenus }>, done: string): Promise<boolean> {
    setError(null)
    setOk(null)
    try {
      setMenus((await call()).menus)
      setOk(done)
      return true
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The menu could not be changed.')
      return false
    }
  }

  return (
    <>
      <p>
        <Link to="/content">← Content</Link>
      </p>
      <PageTitle title="Menus">Header and footer menus</PageTitle>
      <Notice error={error} ok={ok} />
      {menus && (['header', 'footer'] as const).map((menu) => <MenuSection key={menu} menu={menu} links={menus[menu]} change={change} />)}
    </>
  )
}

function MenuSection({ menu, links, change }: { menu: Menu; links: AdminMenuLink[]; change: (call: () => Promise<{ menus: AdminMenus }>, done: string) => Promise<boolean> }) {
  const fields = useFieldErrors()
  const heading = menu === 'header' ? 'Header menu' : 'Footer menu'
  const tops = links.filter((link) => link.parent_id === null)

  const move = (index: number, by: number) => {
    const ids = links.map((link) => link.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    return change(() => api('/content/menus/reorder', { method: 'POST', body: { menu, ids } }), `${heading}: order saved.`)
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = Object.fromEntries(new FormData(form))
    fields.clear()
    try {
      const done = await change(async () => {
        try {
          return await api<{ menus: AdminMenus }>('/content/menus', { method: 'POST', body: { menu, ...data } })
        } catch (caught) {
          fields.take(caught)
          throw caught
        }
      }, `${heading}: link added. The store shows it now.`)
      if (done) form.reset()
    } catch {
      // shown by change()
    }
  }

  const prefix = `${menu}-new`
  return (
    <section aria-labelledby={`${menu}-heading`}>
      <h2 id={`${menu}-heading`}>{heading}</h2>
      <ol className="menu-links">
        {links.map((link, index) => (
          <li key={link.id}>
            <MenuLinkForm link={link} tops={tops} change={change} />
            <div className="actions">
              <button type="button" disabled={index === 0} onClick={() => void move(index, -1)}>
                Move up<span className="visually-hidden"> {link.caption}</span>
              </button>
              <button type="button" disabled={index === links.length - 1} onClick={() => void move(index, 1)}>
                Move down<span className="visually-hidden"> {link.caption}</span>
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => void change(() => api(`/content/menus/${encodeURIComponent(link.id)}/remove`, { method: 'POST' }), `${link.caption} removed.`)}
              >
                Remove<span className="visually-hidden"> {link.caption}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <form onSubmit={(event) => void add(event)}>
        <fieldset>
          <legend>Add a link to the {menu} menu</legend>
          <label htmlFor={`${prefix}-caption`}>Caption</label>
          <input id={`${prefix}-caption`} name="caption" required {...fields.attrs('caption')} />
          {fields.message('caption')}
          <label htmlFor={`${prefix}-link`}>Where it leads (/category/leggings or https://…)</label>
          <input id={`${prefix}-link`} name="link" required {...fields.attrs('link')} />
          {fields.message('link')}
          {menu === 'header' ? (
            <>
              <label htmlFor={`${prefix}-parent`}>In the dropdown of</label>
              <select id={`${prefix}-parent`} name="parent_id" defaultValue="">
                <option value="">None (a top-level link)</option>
                {tops.map((top) => (
                  <option key={top.id} value={top.id}>
                    {top.caption}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <>
              <label htmlFor={`${prefix}-group`}>Column heading</label>
              <input id={`${prefix}-group`} name="group_header" {...fields.attrs('group_header')} />
              {fields.message('group_header')}
            </>
          )}
          <button type="submit">Add link</button>
        </fieldset>
      </form>
    </section>
  )
}

function MenuLinkForm({
  link,
  tops,
  change,
}: {
  link: AdminMenuLink
  tops: AdminMenuLink[]
  change: (call: () => Promise<{ menus: AdminMenus }>, done: string) => Promise<boolean>
}) {
  const fields = useFieldErrors()
  const key = `link-${link.id}`

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = Object.fromEntries(new FormData(event.currentTarget))
    fields.clear()
    void change(async () => {
      try {
        return await api<{ menus: AdminMenus }>(`/content/menus/${encodeURIComponent(link.id)}`, { method: 'PATCH', body: data })
      } catch (caught) {
        fields.take(caught)
        throw caught
      }
    }, 'Link saved. The store shows it now.')
  }

  return (
    <form className="inline-form" onSubmit={save}>
      <label htmlFor={`${key}-caption`}>Caption</label>
      <input id={`${key}-caption`} name="caption" defaultValue={link.caption} required {...fields.attrs('caption')} />
      {fields.message('caption')}
      <label htmlFor={`${key}-link`}>Leads to</label>
      <input id={`${key}-link`} name="link" defaultValue={link.link} required {...fields.attrs('link')} />
      {fields.message('link')}
      {link.menu === 'header' ? (
        <>
          <label htmlFor={`${key}-parent`}>In the dropdown of</label>
          <select id={`${key}-parent`} name="parent_id" defaultValue={link.parent_id ?? ''} {...fields.attrs('parent_id')}>
            <option value="">None (top level)</option>
            {tops
              .filter((top) => top.id !== link.id)
              .map((top) => (
                <option key={top.id} value={top.id}>
                  {top.caption}
                </option>
              ))}
          </select>
          {fields.message('parent_id')}
        </>
      ) : (
        <>
          <label htmlFor={`${key}-group`}>Column</label>
          <input id={`${key}-group`} name="group_header" defaultValue={link.group_header} />
        </>
      )}
      <button type="submit">
        Save<span className="visually-hidden"> {link.caption}</span>
      </button>
    </form>
  )
}
