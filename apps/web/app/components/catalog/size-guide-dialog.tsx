/**
 * 'Size guide' on an item page: a link to the size and fit guide page, which
 * once hydrated opens the same guide in a modal dialog instead (native
 * <dialog>: focus moves in, Escape closes, focus returns to the link). No
 * nested form, so it may sit inside the add-to-cart form.
 *
 * The guide itself (sizing-guide.tsx, and its figures) comes when the dialog
 * first opens, fetched ahead when the pointer or focus reaches the link: the
 * page neither runs its code nor loads its images before that.
 */
import { Suspense, useRef, useState } from 'react'
import type { SizingGuideInput } from '@store/core'
import { onDemand } from '../../lib/on-demand'
import { useStore } from '../../lib/store/store-provider'
import { sizingGuideInputs } from './sizing-guide-rows'

interface GuideProps {
  rows: SizingGuideInput[]
  brandId?: string
  headingLevel?: 2 | 3
}

function GuideNotLoaded() {
  return (
    <p>
      The size guide could not be loaded just now: see the <a href={SIZE_GUIDE_PATH}>size and fit guide page</a>.
    </p>
  )
}

const sizingGuide = onDemand<GuideProps>(() => import('./sizing-guide').then((m) => m.SizingGuide), GuideNotLoaded)

const SIZE_GUIDE_PATH = '/photo-size-chart'

export function SizeGuideDialog() {
  const { settings, brand } = useStore()
  const dialog = useRef<HTMLDialogElement>(null)
  const [opened, setOpened] = useState(false)
  const rows = sizingGuideInputs(settings.sizingGuide)
  if (rows.length === 0) return null
  return (
    <>
      <a
        href={SIZE_GUIDE_PATH}
        className="size-guide-link"
        aria-haspopup="dialog"
        onPointerEnter={() => void sizingGuide.preload()}
        onFocus={() => void sizingGuide.preload()}
        onClick={(event) => {
          if (!dialog.current?.showModal) return
          event.preventDefault()
          setOpened(true)
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
          {opened ? (
            <Suspense fallback={<p>Loading the size guide…</p>}>
              <sizingGuide.Component rows={rows} brandId={brand.id} headingLevel={3} />
            </Suspense>
          ) : null}
        </div>
      </dialog>
    </>
  )
}
