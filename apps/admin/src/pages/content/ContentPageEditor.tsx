/**
 * A content page: its draft edited (name, text, blocks), saved without touching the store,
 * previewed as the storefront will show it, then published; the versions published before,
 * each restorable; the page deleted (the store answers 404 at its address).
 */
import { CONTENT_PAGE_PATHS, contentPagePath } from '@store/core'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { api, when, type AdminContentPage, type ContentBlock, type ContentPage, type ContentPageCopy } from '../../api.ts'
import { useFieldErrors } from '../../field-errors.tsx'
import { Notice, PageTitle } from '../../page-title.tsx'

const BLOCK_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'image', label: 'Image' },
  { value: 'button', label: 'Button' },
  { value: 'video', label: 'Video (Wistia)' },
] as const

const emptyBlock = (type: string): ContentBlock => ({ type, body: null, wistia_video_id: null, button_text: null, link: null, desktop_image: null, mobile_image: null })

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * The page as a document of its own, for a frame that runs nothing (sandbox): the markup as the
 * storefront gets it, without styles (the operator area's policy allows no inline style; the
 * store's own look is on the published page).
 */
function previewDocument(page: ContentPage): string {
  const blocks = page.blocks
    .map((block) => {
      if (block.type === 'text') return `<section>${block.body ?? ''}</section>`
      if (block.type === 'image') return `<p><img src="${escapeHtml(block.desktop_image ?? '')}" alt="${escapeHtml(block.body ?? '')}" width="320"></p>`
      if (block.type === 'button') return `<p><a href="${escapeHtml(block.link ?? '#')}">${escapeHtml(block.button_text ?? '')}</a></p>`
      if (block.type === 'video') return `<p>[Wistia video ${escapeHtml(block.wistia_video_id ?? '')}]</p>`
      return ''
    })
    .join('\n')
  const hidden = page.hide_headline ? '<p>(The headline is hidden on the page; screen readers read it.)</p>' : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.name)}</title></head><body><main><h1>${escapeHtml(page.name)}</h1>${hidden}${page.body}${blocks}</main></body></html>`
}

/** What the form edits: the draft, or a copy of what is live when there is none. */
function editableCopy(page: AdminContentPage): ContentPageCopy {
  const copy = page.draft ?? page.live
  return { name: copy.name, body: copy.body, hide_headline: copy.hide_headline, blocks: copy.blocks.map((block) => ({ ...block })) }
}

export function ContentPageEditor() {
  const { id = '' } = useParams()
  const [page, setPage] = useState<AdminContentPage | null>(null)
  const [draft, setDraft] = useState<ContentPageCopy | null>(null)
  const [preview, setPreview] = useState<ContentPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const made = (useLocation().state as { made?: boolean } | null)?.made
  const [ok, setOk] = useState<string | null>(made ? 'Page made. Add its words and blocks, preview, then publish: the store shows it once published.' : null)
  const [deleting, setDeleting] = useState(false)
  const navigate = useNavigate()
  const fields = useFieldErrors()
  const path = `/content/pages/${encodeURIComponent(id)}`

  const show = (loaded: AdminContentPage) => {
    setPage(loaded)
    setDraft(editableCopy(loaded))
  }

  useEffect(() => {
    api<{ page: AdminContentPage }>(`/content/pages/${encodeURIComponent(id)}`)
      .then((data) => {
        setPage(data.page)
        setDraft(editableCopy(data.page))
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The page could not be loaded.'))
  }, [id])

  async function act(what: () => Promise<void>, failed: string) {
    setError(null)
    setOk(null)
    fields.clear()
    try {
      await what()
    } catch (caught) {
      fields.take(caught)
      setError(caught instanceof Error ? caught.message : failed)
    }
  }

  const saveDraft = async () => show((await api<{ page: AdminContentPage }>(`${path}/draft`, { method: 'PUT', body: draft })).page)

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void act(async () => {
      await saveDraft()
      setOk('Draft saved. The store shows the page as published until you publish.')
    }, 'The draft could not be saved.')
  }

  const showPreview = () =>
    act(async () => {
      await saveDraft()
      setPreview((await api<{ page: ContentPage }>(`${path}/preview`)).page)
      setOk('Draft saved. The preview below shows it as the store will.')
    }, 'The preview could not be made.')

  const publish = () =>
    act(async () => {
      await saveDraft()
      show((await api<{ page: AdminContentPage }>(`${path}/publish`, { method: 'POST' })).page)
      setPreview(null)
      setOk('Published. The store shows it now.')
    }, 'The page could not be published.')

  const discard = () =>
    act(async () => {
      show((await api<{ page: AdminContentPage }>(`${path}/draft/discard`, { method: 'POST' })).page)
      setPreview(null)
      setOk('Draft discarded.')
    }, 'The draft could not be discarded.')

  const restore = (number: number) =>
    act(async () => {
      const restored = (await api<{ page: AdminContentPage }>(`${path}/versions/${number}/restore`, { method: 'POST' })).page
      setPage(restored)
      if (!restored.draft) show(restored)
      setOk(`Version ${number} is published again. The store shows it now.`)
    }, 'The version could not be restored.')

  const remove = () =>
    act(async () => {
      await api(path, { method: 'DELETE' })
      await navigate('/content', { state: { deleted: contentPagePath(page?.slug ?? '') } })
    }, 'The page could not be deleted.')

  const setBlock = (index: number, change: Partial<ContentBlock>) =>
    setDraft((before) => before && { ...before, blocks: before.blocks.map((block, at) => (at === index ? { ...block, ...change } : block)) })
  const moveBlock = (index: number, by: number) =>
    setDraft((before) => {
      if (!before) return before
      const blocks = [...before.blocks]
      const [moved] = blocks.splice(index, 1)
      blocks.splice(index + by, 0, moved!)
      return { ...before, blocks }
    })
  const removeBlock = (index: number) => setDraft((before) => before && { ...before, blocks: before.blocks.filter((_, at) => at !== index) })
  const addBlock = (type: string) => setDraft((before) => before && { ...before, blocks: [...before.blocks, emptyBlock(type)] })

  const title = page ? `Page: ${page.status === 'draft' ? (page.draft?.name ?? page.live.name) : page.live.name}` : 'Page'
  return (
    <>
      <p>
        <Link to="/content">← Content</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <Notice error={error} ok={ok} />
      {page && draft && (
        <>
          {page.status === 'draft' ? (
            <p>Not published yet: the store answers "page not found" at {contentPagePath(page.slug)} until you publish.</p>
          ) : (
            <p>
              {page.draft ? `A draft saved ${when(page.draft.saved_at)} is not published yet.` : 'No unpublished changes.'}{' '}
              <a href={contentPagePath(page.slug)} target="_blank" rel="noreferrer">
                Open the published page
              </a>
            </p>
          )}
          <form onSubmit={save}>
            <label htmlFor="name">Page name (its headline)</label>
            <input id="name" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} required {...fields.attrs('name')} />
            {fields.message('name')}
            <div className="checkbox">
              <input id="hide_headline" type="checkbox" checked={draft.hide_headline} onChange={(event) => setDraft({ ...draft, hide_headline: event.target.checked })} />
              <label htmlFor="hide_headline">Hide the headline (screen readers still read it)</label>
            </div>
            <label htmlFor="body">Text (markup: &lt;p&gt;, &lt;strong&gt;, &lt;a href&gt;…)</label>
            <textarea id="body" rows={6} value={draft.body} onChange={(event) => setDraft({ ...draft, body: event.target.value })} {...fields.attrs('body')} />
            {fields.message('body')}
            <h2>Blocks</h2>
            {draft.blocks.length === 0 && <p className="muted">No blocks.</p>}
            <ol className="blocks">
              {draft.blocks.map((block, index) => {
                const key = `block-${index}`
                const input = (name: keyof ContentBlock, label: string, multiline = false) => (
                  <>
                    <label htmlFor={`${key}-${name}`}>{label}</label>
                    {multiline ? (
                      <textarea
                        id={`${key}-${name}`}
                        rows={3}
                        value={block[name] ?? ''}
                        onChange={(event) => setBlock(index, { [name]: event.target.value })}
                        {...fields.attrs(`blocks.${index}.${name}`)}
                      />
                    ) : (
                      <input
                        id={`${key}-${name}`}
                        value={block[name] ?? ''}
                        onChange={(event) => setBlock(index, { [name]: event.target.value })}
                        {...fields.attrs(`blocks.${index}.${name}`)}
                      />
                    )}
                    {fields.message(`blocks.${index}.${name}`)}
                  </>
                )
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id of their own; their place is what the operator moves
                  <li key={index}>
                    <fieldset>
                      <legend>
                        Block {index + 1}: {BLOCK_TYPES.find((type) => type.value === block.type)?.label ?? block.type}
                      </legend>
                      {block.type === 'text' && input('body', 'Text (markup)', true)}
                      {block.type === 'image' && (
                        <>
                          {input('desktop_image', 'Desktop image address')}
                          {input('mobile_image', 'Mobile image address (optional)')}
                          {input('body', 'Text of the image (alt)')}
                          {input('link', 'Where it leads (optional)')}
                        </>
                      )}
                      {block.type === 'button' && (
                        <>
                          {input('button_text', 'Button words')}
                          {input('link', 'Where it leads')}
                        </>
                      )}
                      {block.type === 'video' && (
                        <>
                          {input('wistia_video_id', 'Wistia video id')}
                          {input('body', 'Caption (optional)')}
                        </>
                      )}
                      <div className="actions">
                        <button type="button" onClick={() => moveBlock(index, -1)} disabled={index === 0}>
                          Move up<span className="visually-hidden"> block {index + 1}</span>
                        </button>
                        <button type="button" onClick={() => moveBlock(index, 1)} disabled={index === draft.blocks.length - 1}>
                          Move down<span className="visually-hidden"> block {index + 1}</span>
                        </button>
                        <button type="button" className="danger" onClick={() => removeBlock(index)}>
                          Remove<span className="visually-hidden"> block {index + 1}</span>
                        </button>
                      </div>
                    </fieldset>
                  </li>
                )
              })}
            </ol>
            <div className="actions">
              {BLOCK_TYPES.map((type) => (
                <button type="button" key={type.value} onClick={() => addBlock(type.value)}>
                  Add {type.label.toLowerCase()} block
                </button>
              ))}
            </div>
            <div className="actions">
              <button type="submit">Save draft</button>
              <button type="button" onClick={() => void showPreview()}>
                Preview
              </button>
              <button type="button" onClick={() => void publish()}>
                Publish
              </button>
              {page.draft && (
                <button type="button" className="danger" onClick={() => void discard()}>
                  Discard draft
                </button>
              )}
            </div>
          </form>
          {preview && (
            <section aria-labelledby="preview-heading">
              <h2 id="preview-heading">Preview of the draft</h2>
              <iframe className="page-preview" title={`Preview: ${preview.name}`} sandbox="" srcDoc={previewDocument(preview)} />
            </section>
          )}
          <section aria-labelledby="versions-heading">
            <h2 id="versions-heading">Versions</h2>
            {page.versions.length === 0 ? (
              <p className="muted">
                {page.status === 'draft'
                  ? 'Not published yet: its first publish is version 1.'
                  : 'The page has not been published from here yet: its first publish keeps the page as it is now as version 1.'}
              </p>
            ) : (
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Version</th>
                      <th scope="col">Published</th>
                      <th scope="col">By</th>
                      <th scope="col">
                        <span className="visually-hidden">Action</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.versions.map((version) => (
                      <tr key={version.number}>
                        <td>
                          {version.number}
                          {version.live ? ' (live)' : ''}
                        </td>
                        <td>{when(version.published_at)}</td>
                        <td>{version.published_by ?? 'as seeded'}</td>
                        <td>
                          {!version.live && (
                            <button type="button" onClick={() => void restore(version.number)}>
                              Restore version {version.number}
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          {!(page.slug in CONTENT_PAGE_PATHS) && (
            <section aria-labelledby="delete-heading">
              <h2 id="delete-heading">Delete the page</h2>
              <p>The store answers "page not found" at {contentPagePath(page.slug)} at once; its versions stay in the audit log, and the address stays taken.</p>
              {deleting ? (
                <div className="actions">
                  <button type="button" className="danger" onClick={() => void remove()}>
                    Yes, delete {contentPagePath(page.slug)}
                  </button>
                  <button type="button" onClick={() => setDeleting(false)}>
                    Keep the page
                  </button>
                </div>
              ) : (
                <button type="button" className="danger" onClick={() => setDeleting(true)}>
                  Delete this page
                </button>
              )}
            </section>
          )}
        </>
      )}
    </>
  )
}
