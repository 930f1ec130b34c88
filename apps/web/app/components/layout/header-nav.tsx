/**
 * The header menu (settings.headerMenu): each item a link; items with child
 * links or a dropdown image get a disclosure button that opens a panel.
 * Keyboard: the button toggles (Enter/Space), Escape closes and returns focus,
 * leaving the item closes it. Pointer: hover opens too (CSS).
 */
import { useState, type FocusEvent, type KeyboardEvent } from 'react'
import type { HeaderMenuEntry } from '../../lib/api/types'
import { brandHtml } from '../../lib/brand-html'
import { StoreLink } from '../store-link'
import { ChevronDownIcon } from './icons'

export function HeaderNav({ items }: { items: HeaderMenuEntry[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  if (items.length === 0) return null
  // on the server every panel is closed: the brand's menu is the same markup on every page (lib/brand-html.ts)
  const html = brandHtml(items, 'header-nav', () => <NavList items={items} openIndex={null} setOpenIndex={() => undefined} />)
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the brand's menu markup, rendered by React on the server once per brand (lib/brand-html.ts), not shopper input
  if (html !== undefined) return <nav className="header-nav" aria-label="Main" dangerouslySetInnerHTML={{ __html: html }} />
  return (
    <nav className="header-nav" aria-label="Main">
      <NavList items={items} openIndex={openIndex} setOpenIndex={setOpenIndex} />
    </nav>
  )
}

interface NavListProps {
  items: HeaderMenuEntry[]
  openIndex: number | null
  setOpenIndex(index: number | null): void
}

function NavList({ items, openIndex, setOpenIndex }: NavListProps) {
  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (event.key === 'Escape' && openIndex === index) {
      event.preventDefault()
      setOpenIndex(null)
      event.currentTarget.querySelector<HTMLButtonElement>('.nav-toggle')?.focus()
    }
  }

  function onBlur(event: FocusEvent<HTMLLIElement>, index: number) {
    if (openIndex === index && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenIndex(null)
  }

  return (
    <ul className="nav-list">
      {items.map((item, index) => {
        const children = item.children ?? []
        const hasPanel = children.length > 0 || Boolean(item.dropdownImage)
        const panelId = `nav-panel-${index}`
        const open = openIndex === index
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
            key={`${item.link}-${index}`}
            className="nav-item"
            data-open={open ? 'true' : 'false'}
            onKeyDown={(e) => onKeyDown(e, index)}
            onBlur={(e) => onBlur(e, index)}
          >
            <StoreLink to={item.link} className="nav-link">
              {item.caption}
            </StoreLink>
            {hasPanel ? (
              <>
                <button
                  type="button"
                  className="nav-toggle"
                  aria-expanded={open}
                  aria-controls={panelId}
                  aria-label={`${item.caption} menu`}
                  onClick={() => setOpenIndex(open ? null : index)}
                >
                  <ChevronDownIcon />
                </button>
                <div className="nav-panel" id={panelId}>
                  {children.length > 0 ? (
                    <ul className="nav-panel-links">
                      {children.map((child) => (
                        <li key={child.link + child.caption}>
                          <StoreLink to={child.link} onClick={() => setOpenIndex(null)}>
                            {child.caption}
                          </StoreLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {item.dropdownImage ? (
                    <StoreLink to={item.link} className="nav-panel-image" tabIndex={-1} aria-hidden="true">
                      <img src={item.dropdownImage.url} alt="" width={item.dropdownImage.width ?? 240} height={item.dropdownImage.height ?? 300} loading="lazy" decoding="async" />
                      {item.dropdownImage.alt ? <span className="nav-panel-caption">{item.dropdownImage.alt}</span> : null}
                    </StoreLink>
                  ) : null}
                </div>
              </>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
