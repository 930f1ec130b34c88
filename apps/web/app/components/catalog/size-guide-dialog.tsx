/**
 * 'Size guide' on an item page: a link to the size and fit guide page, which
 * once hydrated opens the same guide in a modal dialog instead (native
 * <dialog>: focus moves in, Escape closes, focus returns to the link). No
 * nested form, so it may sit inside the add-to-cart form.
 */
import { useRef } from 'react'
import { useStore } from '../../lib/store/store-provider'
import { SizingGuide, sizingGuideInputs } from './sizing-guide'

export const SIZE_GUIDE_PATH = '/photo-size-chart'

export function SizeGuideDialog() {
  const { settings, brand } = useStore()
  const dialog = useRef<HTMLDialogElement>(null)
  const rows = sizingGuideInputs(settings.sizingGuide)
  if (rows.length === 0) return null
  return (
    <>
      <a
        href={SIZE_GUIDE_PATH}
        className="size-guide-link"
        aria-haspopup="dialog"
        onClick={(event) => {
          if (!dialog.current?.showModal) return
          event.preventDefault()
          dialog.current.showModal()
        }}
      >
        Size guide
      </a>
      <dialog ref={dialog} className="size-guide-dialog" aria-labelledby="size-guide-title">
        <div className="size-guide-dialog-header">
          <h2 id="size-guide-title">Size &amp; fit guide</h2>
          <button type="button" className="button button-secondary button-small" onClick={() => dialog.current?.close()}>
            Close<span className="visually-hidden"> size guide</span>
          </button>
        </div>
        <div className="size-guide-dialog-body">
          <SizingGuide rows={rows} brandId={brand.id} headingLevel={3} />
        </div>
      </dialog>
    </>
  )
}
