/**
 * Gallery of the store's icons: the drawn icons of categories and bullet
 * sections in the brand colour, and the interface icons of the storefront, each
 * with its name.
 */
import type { ComponentType } from 'react'
import '../components/catalog/catalog.css'
import { iconLabel, STORE_ICON_NAMES, storeIconUrl } from '../components/catalog/store-icons'
import * as interfaceIcons from '../components/layout/icons'
import { pageMeta } from '../lib/meta'
import { useStore } from '../lib/store/store-provider'
import type { Route } from './+types/svg-gallery'

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Icon Gallery', { noindex: true })
}

/** 'ChevronDownIcon' -> 'Chevron down' */
function componentLabel(name: string): string {
  const words = name
    .replace(/Icon$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const INTERFACE_ICONS = Object.entries(interfaceIcons as Record<string, unknown>)
  .filter((entry): entry is [string, ComponentType] => /Icon$/.test(entry[0]) && typeof entry[1] === 'function')
  .sort(([a], [b]) => a.localeCompare(b))

export default function SvgGallery() {
  const { brand } = useStore()
  const color = brand.styles.colors.primary
  return (
    <div className="container page">
      <h1 className="page-title">Icon Gallery</h1>
      <section aria-labelledby="store-icons">
        <h2 id="store-icons">Store icons</h2>
        <p>Drawn in this store&rsquo;s colour; used for categories and product details.</p>
        <ul className="icon-gallery">
          {STORE_ICON_NAMES.map((name) => (
            <li key={name}>
              <figure>
                <img src={storeIconUrl(name, color) ?? ''} alt="" width={48} height={48} loading="lazy" />
                <figcaption>
                  {iconLabel(name)}
                  <br />
                  <code>{name}</code>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
      {INTERFACE_ICONS.length ? (
        <section aria-labelledby="interface-icons">
          <h2 id="interface-icons">Interface icons</h2>
          <ul className="icon-gallery" style={{ color: 'var(--color-text)' }}>
            {INTERFACE_ICONS.map(([name, Icon]) => (
              <li key={name}>
                <figure>
                  <Icon />
                  <figcaption>
                    {componentLabel(name)}
                    <br />
                    <code>{name}</code>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
