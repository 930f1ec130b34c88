/** The blocks of a content page (SPEC §3): text, video, button and image; unknown types are skipped. */
import { StoreLink } from '../store-link'
import { ContentImage } from './content-image'
import type { ContentBlock } from '../../lib/api/types'
import { RichText } from './rich-text'
import { isWistiaId, VideoFacade } from './video-facade'

/** Buttons that follow each other sit in one row. */
function groupButtons(blocks: ContentBlock[]): Array<ContentBlock | ContentBlock[]> {
  const out: Array<ContentBlock | ContentBlock[]> = []
  for (const block of blocks) {
    const last = out[out.length - 1]
    if (block.type === 'button' && Array.isArray(last)) last.push(block)
    else out.push(block.type === 'button' ? [block] : block)
  }
  return out
}

function ButtonRow({ buttons, firstPrimary }: { buttons: ContentBlock[]; firstPrimary: boolean }) {
  const usable = buttons.filter((b) => b.link && b.button_text)
  if (usable.length === 0) return null
  return (
    <div className="content-buttons">
      {usable.map((button, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
        <StoreLink key={`${button.link}-${i}`} to={button.link!} className={i === 0 && firstPrimary ? 'button button-primary' : 'button button-secondary'}>
          {button.button_text}
        </StoreLink>
      ))}
    </div>
  )
}

export function ContentBlocks({
  blocks,
  eagerFirstImage = true,
  headingLevel = 'h2',
}: {
  blocks: ContentBlock[]
  eagerFirstImage?: boolean
  /** level of the headings written as bold paragraphs in text blocks */
  headingLevel?: 'h2' | 'h3'
}) {
  let imagesSeen = 0
  return (
    <div className="content-blocks">
      {groupButtons(blocks).map((entry, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
        if (Array.isArray(entry)) return <ButtonRow key={i} buttons={entry} firstPrimary />
        switch (entry.type) {
          case 'text':
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
            return <RichText key={i} source={entry.body} className="content-text" headings={headingLevel} />
          case 'video':
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
            return isWistiaId(entry.wistia_video_id) ? <VideoFacade key={i} videoId={entry.wistia_video_id} title={entry.body} /> : null
          case 'image': {
            const eager = eagerFirstImage && imagesSeen === 0 && i < 2
            imagesSeen += 1
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
              <div key={i} className="content-image-block">
                <ContentImage desktop={entry.desktop_image} mobile={entry.mobile_image} alt={entry.body ?? ''} eager={eager} />
              </div>
            )
          }
          default:
            return null
        }
      })}
    </div>
  )
}
