/**
 * An item's photos on its page: upload several (drag and drop, or the file field),
 * put them in order (move up/down buttons: the first is the front image), say what
 * each shows (alt text) and where its subject is (the focal point: a click on the
 * photo or the two numbers), delete one. Each change is saved at once.
 */
import { useCallback, useEffect, useRef, useState, type DragEvent, type FormEvent, type MouseEvent } from 'react'
import { api, type AdminItemPhoto, upload } from '../api.ts'
import { Notice } from '../page-title.tsx'

type Photos = { images: AdminItemPhoto[] }

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'

/** The smallest WebP of a photo, for its thumbnail here. */
const thumbnailOf = (photo: AdminItemPhoto) => photo.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width)[0]?.url ?? photo.url

export function ItemPhotos({ itemId, canEdit }: { itemId: number; canEdit: boolean }) {
  const [photos, setPhotos] = useState<AdminItemPhoto[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [dragging, setDragging] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  const load = useCallback(async () => {
    try {
      setPhotos((await api<Photos>(`/items/${itemId}/images`)).images)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The photos could not be loaded.')
    }
  }, [itemId])

  useEffect(() => {
    void load()
  }, [load])

  /** Runs a change, shows its outcome, and keeps the photos it answers. */
  async function act(change: () => Promise<AdminItemPhoto[] | null>, done: string) {
    setBusy(true)
    setError(null)
    setOk(null)
    try {
      const next = await change()
      if (next) setPhotos(next)
      setOk(done)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The photos could not be changed.')
    } finally {
      setBusy(false)
    }
  }

  function send(files: File[]) {
    if (files.length === 0) return
    const form = new FormData()
    for (const file of files) form.append('file', file, file.name)
    void act(
      async () => {
        const answer = await upload<Photos>(`/items/${itemId}/images`, form)
        if (fileInput.current) fileInput.current.value = ''
        return answer.images
      },
      `${files.length === 1 ? 'The photo is' : `${files.length} photos are`} uploaded.`,
    )
  }

  function submitFiles(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    send([...(fileInput.current?.files ?? [])])
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault()
    setDragging(false)
    send([...event.dataTransfer.files])
  }

  function move(index: number, by: -1 | 1) {
    if (!photos) return
    const ids = photos.map((photo) => photo.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    void act(
      async () => (await api<Photos>(`/items/${itemId}/images/order`, { method: 'PUT', body: { ids } })).images,
      `Photo ${index + 1} is now photo ${index + 1 + by}${index + by === 0 ? ', the front image' : ''}.`,
    )
  }

  function remove(photo: AdminItemPhoto, index: number) {
    if (!window.confirm(`Delete photo ${index + 1}? This cannot be undone.`)) return
    void act(async () => (await api<Photos>(`/items/${itemId}/images/${photo.id}`, { method: 'DELETE' })).images, `Photo ${index + 1} is deleted.`)
  }

  function save(event: FormEvent<HTMLFormElement>, photo: AdminItemPhoto, index: number) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = { alt: form.get('alt'), focal_x: form.get('focal_x'), focal_y: form.get('focal_y') }
    void act(
      async () => {
        const { image } = await api<{ image: AdminItemPhoto }>(`/items/${itemId}/images/${photo.id}`, { method: 'PATCH', body })
        return (photos ?? []).map((p) => (p.id === image.id ? image : p))
      },
      `Photo ${index + 1} is saved.`,
    )
  }

  /** The mark on the photo follows the two numbers as they are typed. */
  function showFocus(form: HTMLFormElement, index: number) {
    const x = Number((form.elements.namedItem('focal_x') as HTMLInputElement | null)?.value)
    const y = Number((form.elements.namedItem('focal_y') as HTMLInputElement | null)?.value)
    if (Number.isFinite(x) && Number.isFinite(y) && x >= 0 && x <= 100 && y >= 0 && y <= 100)
      setPhotos((list) => (list ?? []).map((p, i) => (i === index ? { ...p, focal_x: x, focal_y: y } : p)))
  }

  /** A click on the photo puts its focal point there (the numbers below say the same for the keyboard). */
  function pickFocus(event: MouseEvent<HTMLImageElement>, index: number) {
    const box = event.currentTarget.getBoundingClientRect()
    const x = Math.round(((event.clientX - box.left) / box.width) * 100)
    const y = Math.round(((event.clientY - box.top) / box.height) * 100)
    const clamp = (n: number) => String(Math.max(0, Math.min(100, n)))
    const form = event.currentTarget.closest('li')?.querySelector('form')
    const fx = form?.elements.namedItem('focal_x')
    const fy = form?.elements.namedItem('focal_y')
    if (fx instanceof HTMLInputElement && fy instanceof HTMLInputElement) {
      fx.value = clamp(x)
      fy.value = clamp(y)
      setPhotos((list) => (list ?? []).map((p, i) => (i === index ? { ...p, focal_x: Number(clamp(x)), focal_y: Number(clamp(y)) } : p)))
    }
  }

  return (
    <section aria-labelledby="photos-heading">
      <h2 id="photos-heading">Photos</h2>
      <Notice error={error} ok={ok} />
      {photos && photos.length === 0 && <p>No photos uploaded: the store shows this item's drawn demo images until the first upload replaces them.</p>}
      {photos && photos.length > 0 && (
        <ol className="photo-list">
          {photos.map((photo, index) => (
            <li key={photo.id} className="photo">
              <div className="photo-frame">
                {/* biome-ignore lint/a11y/useKeyWithClickEvents: the focal point has its own number fields for the keyboard, just below */}
                <img
                  src={thumbnailOf(photo)}
                  alt={photo.alt}
                  width={photo.width}
                  height={photo.height}
                  onClick={canEdit ? (event) => pickFocus(event, index) : undefined}
                  className={canEdit ? 'pickable' : undefined}
                />
                <span className="focal-mark" style={{ left: `${photo.focal_x}%`, top: `${photo.focal_y}%` }} aria-hidden="true" />
              </div>
              <p className="photo-place">
                Photo {index + 1} of {photos.length}
                {index === 0 ? ' (front image)' : ''}
              </p>
              {canEdit && (
                <>
                  <div className="actions">
                    <button type="button" disabled={busy || index === 0} onClick={() => move(index, -1)}>
                      Move up<span className="visually-hidden"> photo {index + 1}</span>
                    </button>
                    <button type="button" disabled={busy || index === photos.length - 1} onClick={() => move(index, 1)}>
                      Move down<span className="visually-hidden"> photo {index + 1}</span>
                    </button>
                    <button type="button" className="danger" disabled={busy} onClick={() => remove(photo, index)}>
                      Delete<span className="visually-hidden"> photo {index + 1}</span>
                    </button>
                  </div>
                  <form className="photo-form" onSubmit={(event) => save(event, photo, index)} onInput={(event) => showFocus(event.currentTarget, index)}>
                    <label htmlFor={`alt-${photo.id}`}>Alt text of photo {index + 1}</label>
                    <input id={`alt-${photo.id}`} name="alt" defaultValue={photo.alt} maxLength={300} />
                    <fieldset className="focal">
                      <legend>Focal point (click the photo, or give percentages)</legend>
                      <label htmlFor={`fx-${photo.id}`}>From the left (%)</label>
                      <input id={`fx-${photo.id}`} name="focal_x" type="number" min={0} max={100} step={1} defaultValue={photo.focal_x} />
                      <label htmlFor={`fy-${photo.id}`}>From the top (%)</label>
                      <input id={`fy-${photo.id}`} name="focal_y" type="number" min={0} max={100} step={1} defaultValue={photo.focal_y} />
                    </fieldset>
                    <button type="submit" disabled={busy}>
                      Save photo {index + 1}
                    </button>
                  </form>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {canEdit && (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; the file field inside does the same for everyone
        <div
          className={`drop-zone${dragging ? ' dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <form onSubmit={submitFiles}>
            <label htmlFor="photo-files">Add photos (JPEG, PNG, WebP or AVIF, up to 10 MB each, at least 400 px a side)</label>
            <p className="hint">Drop files here, or choose them.</p>
            <input id="photo-files" ref={fileInput} name="file" type="file" accept={ACCEPT} multiple />
            <button type="submit" disabled={busy}>
              {busy ? 'Working…' : 'Upload photos'}
            </button>
          </form>
        </div>
      )}
    </section>
  )
}
