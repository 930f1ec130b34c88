/** The global banner over every page (shown or hidden), and the home page's scrolling images in their order. */
import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { api, type AdminGlobalBanner, type ImageRef } from '../../api.ts'
import { useFieldErrors } from '../../field-errors.tsx'
import { Notice, PageTitle } from '../../page-title.tsx'

type ImageRow = { url: string; width: string; height: string; alt: string }
const rowOf = (image: ImageRef): ImageRow => ({ url: image.url, width: image.width?.toString() ?? '', height: image.height?.toString() ?? '', alt: image.alt })

export function BannerPage() {
  const [banner, setBanner] = useState<AdminGlobalBanner | null | undefined>(undefined)
  const [images, setImages] = useState<ImageRow[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const bannerFields = useFieldErrors()
  const imageFields = useFieldErrors()

  useEffect(() => {
    api<{ banner: AdminGlobalBanner | null }>('/content/banner')
      .then((data) => setBanner(data.banner))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The banner could not be loaded.'))
    api<{ images: ImageRef[] }>('/content/scrolling-images')
      .then((data) => setImages(data.images.map(rowOf)))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The scrolling images could not be loaded.'))
  }, [])

  async function saveBanner(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setError(null)
    setOk(null)
    bannerFields.clear()
    try {
      const saved = (
        await api<{ banner: AdminGlobalBanner | null }>('/content/banner', { method: 'PUT', body: { ...Object.fromEntries(form), active: form.get('active') === 'on' } })
      ).banner
      setBanner(saved)
      setOk(saved?.active ? 'Banner saved. Every page shows it now.' : 'Banner saved and hidden.')
    } catch (caught) {
      bannerFields.take(caught)
      setError(caught instanceof Error ? caught.message : 'The banner could not be saved.')
    }
  }

  async function saveImages(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setOk(null)
    imageFields.clear()
    try {
      const saved = (await api<{ images: ImageRef[] }>('/content/scrolling-images', { method: 'PUT', body: { images } })).images
      setImages(saved.map(rowOf))
      setOk('Scrolling images saved. The home page shows them now.')
    } catch (caught) {
      imageFields.take(caught)
      setError(caught instanceof Error ? caught.message : 'The scrolling images could not be saved.')
    }
  }

  const setImage = (index: number, change: Partial<ImageRow>) => setImages((before) => (before ? before.map((row, at) => (at === index ? { ...row, ...change } : row)) : before))
  const move = (index: number, by: number) =>
    setImages((before) => {
      if (!before) return before
      const rows = [...before]
      const [moved] = rows.splice(index, 1)
      rows.splice(index + by, 0, moved!)
      return rows
    })

  const field = (name: string, label: string, value: string | number | null | undefined, hint?: string) => (
    <>
      <label htmlFor={`banner-${name}`}>{label}</label>
      <input id={`banner-${name}`} name={name} defaultValue={value ?? ''} {...bannerFields.attrs(name)} />
      {hint && <p className="hint">{hint}</p>}
      {bannerFields.message(name)}
    </>
  )

  return (
    <>
      <p>
        <Link to="/content">← Content</Link>
      </p>
      <PageTitle title="Banner and scrolling images">Global banner and scrolling images</PageTitle>
      <Notice error={error} ok={ok} />
      {banner !== undefined && (
        <form onSubmit={(event) => void saveBanner(event)}>
          <fieldset>
            <legend>Global banner</legend>
            <div className="checkbox">
              <input id="banner-active" name="active" type="checkbox" defaultChecked={banner?.active ?? true} />
              <label htmlFor="banner-active">Show it on every page</label>
            </div>
            {field('desktop_url', 'Desktop image address', banner?.desktop?.url, '/media/... on this store, or https://')}
            {field('desktop_width', 'Desktop width (px)', banner?.desktop?.width)}
            {field('desktop_height', 'Desktop height (px)', banner?.desktop?.height)}
            {field('mobile_url', 'Mobile image address (optional)', banner?.mobile?.url)}
            {field('mobile_width', 'Mobile width (px)', banner?.mobile?.width)}
            {field('mobile_height', 'Mobile height (px)', banner?.mobile?.height)}
            {field('alt', 'What the banner says (for screen readers)', banner?.desktop?.alt)}
            {field('link', 'Where it leads (optional)', banner?.link)}
            <button type="submit">Save banner</button>
          </fieldset>
        </form>
      )}
      {images && (
        <form onSubmit={(event) => void saveImages(event)}>
          <fieldset>
            <legend>Scrolling images of the home page</legend>
            {imageFields.message('images')}
            <ol className="blocks">
              {images.map((image, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: images have no id of their own; their place is what the operator moves
                <li key={index}>
                  <label htmlFor={`image-${index}-url`}>Image {index + 1} address</label>
                  <input
                    id={`image-${index}-url`}
                    value={image.url}
                    onChange={(event) => setImage(index, { url: event.target.value })}
                    required
                    {...imageFields.attrs(`images.${index}.url`)}
                  />
                  {imageFields.message(`images.${index}.url`)}
                  <label htmlFor={`image-${index}-alt`}>Image {index + 1} text</label>
                  <input
                    id={`image-${index}-alt`}
                    value={image.alt}
                    onChange={(event) => setImage(index, { alt: event.target.value })}
                    {...imageFields.attrs(`images.${index}.alt`)}
                  />
                  {imageFields.message(`images.${index}.alt`)}
                  <label htmlFor={`image-${index}-width`}>Width (px)</label>
                  <input
                    id={`image-${index}-width`}
                    inputMode="numeric"
                    value={image.width}
                    onChange={(event) => setImage(index, { width: event.target.value })}
                    {...imageFields.attrs(`images.${index}.width`)}
                  />
                  {imageFields.message(`images.${index}.width`)}
                  <label htmlFor={`image-${index}-height`}>Height (px)</label>
                  <input
                    id={`image-${index}-height`}
                    inputMode="numeric"
                    value={image.height}
                    onChange={(event) => setImage(index, { height: event.target.value })}
                    {...imageFields.attrs(`images.${index}.height`)}
                  />
                  {imageFields.message(`images.${index}.height`)}
                  <div className="actions">
                    <button type="button" disabled={index === 0} onClick={() => move(index, -1)}>
                      Move up<span className="visually-hidden"> image {index + 1}</span>
                    </button>
                    <button type="button" disabled={index === images.length - 1} onClick={() => move(index, 1)}>
                      Move down<span className="visually-hidden"> image {index + 1}</span>
                    </button>
                    <button type="button" className="danger" onClick={() => setImages(images.filter((_, at) => at !== index))}>
                      Remove<span className="visually-hidden"> image {index + 1}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            <div className="actions">
              <button type="button" onClick={() => setImages([...images, { url: '', width: '', height: '', alt: '' }])}>
                Add an image
              </button>
              <button type="submit">Save scrolling images</button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  )
}
