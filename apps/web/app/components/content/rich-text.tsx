/** Content text rendered as React elements from the safe tree of markup.ts (never as HTML). */
import { createElement, type ReactNode } from 'react'
import { StoreLink } from '../store-link'
import { parseMarkup, promoteBoldParagraphs, type MarkupNode } from './markup'

function renderMarkup(nodes: MarkupNode[], keyPrefix = ''): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${keyPrefix}${i}`
    if (node.type === 'text') return node.text
    if (node.tag === 'br') return <br key={key} />
    const children = renderMarkup(node.children, `${key}.`)
    if (node.tag === 'a' && node.href) {
      return (
        <StoreLink key={key} to={node.href}>
          {children}
        </StoreLink>
      )
    }
    return createElement(node.tag, { key }, ...children)
  })
}

export interface RichTextProps {
  source?: string | null
  /** already parsed nodes, instead of source */
  nodes?: MarkupNode[]
  className?: string
  /** bold-only paragraphs ('**Shipping**') become headings of this level */
  headings?: 'h2' | 'h3'
}

export function RichText({ source, nodes, className, headings }: RichTextProps) {
  let tree = nodes ?? parseMarkup(source)
  if (headings) tree = promoteBoldParagraphs(tree, headings)
  if (tree.length === 0) return null
  return <div className={className ? `rich-text ${className}` : 'rich-text'}>{renderMarkup(tree)}</div>
}
