/**
 * Questions and answers as disclosure widgets (<details>): they open and close
 * without JavaScript, and a browser's find-in-page opens the one it finds.
 */
import type { ReactNode } from 'react'
import { parseMarkup, splitLeadingHeading } from './markup'
import type { ContentBlock, MembershipFaq } from '../../lib/api/types'
import { RichText } from './rich-text'

export interface FaqEntry {
  question: string
  answer: ReactNode
}

export function FaqList({ entries, headingLevel = 2, openFirst = false }: { entries: FaqEntry[]; headingLevel?: 2 | 3; openFirst?: boolean }) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3'
  if (entries.length === 0) return null
  return (
    <div className="faq-list">
      {entries.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
        <details key={`${entry.question}-${i}`} className="faq" open={openFirst && i === 0 ? true : undefined}>
          <summary>
            <Heading className="faq-question">{entry.question}</Heading>
          </summary>
          <div className="faq-answer">{entry.answer}</div>
        </details>
      ))}
    </div>
  )
}

/** FAQ entries of the club landing (plain question and answer text). */
export function faqEntries(faqs: MembershipFaq[]): FaqEntry[] {
  return faqs.filter((f) => f.question && f.answer).map((f) => ({ question: f.question, answer: <RichText source={f.answer} /> }))
}

/**
 * A content page's text blocks as FAQ entries: each block that opens with a bold
 * paragraph ('**Shipping**') is a question and the rest its answer. Blocks that
 * are no question come back in `other`, in order.
 */
export function faqFromBlocks(blocks: ContentBlock[]): { entries: FaqEntry[]; other: ContentBlock[] } {
  const entries: FaqEntry[] = []
  const other: ContentBlock[] = []
  for (const block of blocks) {
    if (block.type !== 'text') {
      other.push(block)
      continue
    }
    const { heading, rest } = splitLeadingHeading(parseMarkup(block.body))
    if (heading && rest.length) entries.push({ question: heading, answer: <RichText nodes={rest} /> })
    else other.push(block)
  }
  return { entries, other }
}
