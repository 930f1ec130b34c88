/**
 * The footer menu, grouped by header. During checkout only the groups marked
 * showDuringCheckout are shown.
 */
import type { FooterMenuGroup, StoreSettings } from '../../lib/api/types'
import { brandHtml } from '../../lib/brand-html'
import { StoreLink } from '../store-link'

function visibleFooterGroups(groups: readonly FooterMenuGroup[], duringCheckout: boolean): FooterMenuGroup[] {
  return groups.filter((group) => group.links.length > 0 && (!duringCheckout || group.showDuringCheckout))
}

export function SiteFooter({ settings, checkout = false }: { settings: StoreSettings; checkout?: boolean }) {
  const year = new Date().getFullYear()
  // the same markup on every page of the brand this year (lib/brand-html.ts)
  const html = brandHtml(settings, `footer ${checkout} ${year}`, () => <FooterInner settings={settings} checkout={checkout} year={year} />)
  return (
    <footer
      className="site-footer"
      data-checkout={checkout ? 'true' : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the brand's footer markup, rendered by React on the server once per brand (lib/brand-html.ts), not shopper input
      // biome-ignore lint/security/noDangerouslySetInnerHtmlWithChildren: the children are drawn only when no server-made HTML is given (html undefined)
      dangerouslySetInnerHTML={html === undefined ? undefined : { __html: html }}
    >
      {html === undefined ? <FooterInner settings={settings} checkout={checkout} year={year} /> : undefined}
    </footer>
  )
}

function FooterInner({ settings, checkout, year }: { settings: StoreSettings; checkout: boolean; year: number }) {
  const groups = visibleFooterGroups(settings.footerMenu ?? [], checkout)
  const social = checkout
    ? []
    : [
        { label: 'Instagram', href: settings.instagram },
        { label: 'Facebook', href: settings.facebook },
      ].filter((s): s is { label: string; href: string } => Boolean(s.href))
  return (
    <div className="container footer-inner">
      {groups.length > 0 ? (
        <nav className="footer-groups" aria-label="Footer">
          {groups.map((group) => (
            <section key={group.header} className="footer-group" aria-labelledby={`footer-${slug(group.header)}`}>
              <h2 className="footer-heading" id={`footer-${slug(group.header)}`}>
                {group.header || settings.storeName}
              </h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.link + link.caption}>
                    <StoreLink to={link.link}>{link.caption}</StoreLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      ) : null}
      {social.length > 0 ? (
        <ul className="footer-social" aria-label="Follow us">
          {social.map((s) => (
            <li key={s.label}>
              <a href={s.href} rel="noopener noreferrer" target="_blank">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="footer-legal">
        © {year} {settings.storeName}
      </p>
    </div>
  )
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'links'
  )
}
