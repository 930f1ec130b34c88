/**
 * An item's bullet sections (SPEC §3): a header with its icon, then bullets with their icons and descriptions.
 * The same markup for every shopper of the item and brand: kept per cached item on the server (lib/kept-part.ts).
 */
import { keptPart } from '../../lib/kept-part'
import { useStore } from '../../lib/store/store-provider'
import type { BulletSection } from '../../lib/api/types'
import { storeIconUrl } from './store-icons'

function Icon({ name, color }: { name: string | null | undefined; color: string }) {
  const src = storeIconUrl(name, color)
  return src ? <img src={src} alt="" width={24} height={24} loading="lazy" decoding="async" /> : null
}

/** A description worth showing: not just the bullet's own words again. */
function extraDescription(value: string, description: string | undefined): string | null {
  if (!description) return null
  const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '')
  return plain(description) === plain(value) ? null : description
}

export function BulletSections({ sections }: { sections: BulletSection[] }) {
  const { brand } = useStore()
  const color = brand.styles.colors.primary
  if (sections.length === 0) return null
  return <div className="bullet-sections" {...keptPart(sections, `bullets ${color}`, () => <Sections sections={sections} color={color} />)} />
}

function Sections({ sections, color }: { sections: BulletSection[]; color: string }) {
  return (
    <>
      {sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
        <section key={`${section.header}-${i}`} className="bullet-section" aria-labelledby={`bullets-${i}`}>
          <h2 id={`bullets-${i}`}>
            <Icon name={section.icon} color={color} />
            {section.header}
          </h2>
          <ul className="bullet-list">
            {section.bullets.map((bullet, j) => {
              const description = extraDescription(bullet.value, bullet.description)
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
                <li key={`${bullet.value}-${j}`}>
                  <Icon name={bullet.icon} color={color} />
                  <div>
                    <strong>{bullet.value}</strong>
                    {description ? <span>{description}</span> : null}
                  </div>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </>
  )
}
