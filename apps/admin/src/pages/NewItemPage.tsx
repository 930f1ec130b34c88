/** A new item: a draft unless published (it has no photos yet); then its page, for stock. */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { api, ApiError, type AdminItem } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'

export function NewItemPage() {
  const navigate = useNavigate()
  const [categories, setCategories] = useState<{ name: string; title: string }[]>([])
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    api<{ categories: { name: string; title: string }[] }>('/categories')
      .then((data) => setCategories(data.categories))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The categories could not be loaded.'))
  }, [])

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setError(null)
    setFieldErrors({})
    try {
      const { item } = await api<{ item: AdminItem }>('/items', {
        body: {
          name: form.get('name'),
          category: form.get('category'),
          price: form.get('price'),
          member_price: form.get('member_price') ?? '',
          color: form.get('color'),
          sizes: form.get('sizes'),
          description: form.get('description'),
          published: form.get('published') === 'on',
        },
      })
      await navigate(`/items/${item.id}`)
    } catch (caught) {
      if (caught instanceof ApiError) setFieldErrors(Object.fromEntries(caught.errors.filter((e) => e.field).map((e) => [e.field!, e.message])))
      setError(caught instanceof Error ? caught.message : 'The item could not be added.')
    }
  }

  const field = (name: string) => (fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {fieldErrors[name]}
      </p>
    ) : null

  return (
    <>
      <p>
        <Link to="/items">← Items</Link>
      </p>
      <PageTitle title="New item">New item</PageTitle>
      <Notice error={error} />
      <form onSubmit={(event) => void create(event)}>
        <label htmlFor="name">Name</label>
        <input id="name" name="name" required {...field('name')} />
        {fieldError('name')}
        <label htmlFor="category">Category</label>
        <select id="category" name="category" required {...field('category')}>
          {categories.map((category) => (
            <option key={category.name} value={category.name}>
              {category.title}
            </option>
          ))}
        </select>
        {fieldError('category')}
        <label htmlFor="color">Colour</label>
        <input id="color" name="color" required {...field('color')} />
        {fieldError('color')}
        <label htmlFor="price">Price ($)</label>
        <input id="price" name="price" inputMode="decimal" required {...field('price')} />
        {fieldError('price')}
        <label htmlFor="member_price">Member price ($, empty for none)</label>
        <input id="member_price" name="member_price" inputMode="decimal" {...field('member_price')} />
        {fieldError('member_price')}
        <label htmlFor="sizes">Sizes (comma list, such as XS,S,M,L)</label>
        <input id="sizes" name="sizes" required {...field('sizes')} />
        {fieldError('sizes')}
        <label htmlFor="description">Description</label>
        <textarea id="description" name="description" rows={4} />
        <div className="checkbox">
          <input id="published" name="published" type="checkbox" />
          <label htmlFor="published">Publish now (otherwise a draft)</label>
        </div>
        <button type="submit">Add item</button>
      </form>
    </>
  )
}
