/**
 * The slim frame of checkout-type and social-media-special pages: logo, an
 * optional secure-checkout badge, and the footer trimmed to the groups marked
 * showDuringCheckout.
 */
import type { ReactNode } from 'react'
import { useSettings } from '../../lib/store/store-provider'
import { StoreLink } from '../store-link'
import { LockIcon } from './icons'
import { SiteFooter } from './site-footer'

export function SlimChrome({ children, secure }: { children: ReactNode; secure: boolean }) {
  const settings = useSettings()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header slim-header">
        <div className="container header-bar">
          <StoreLink to="/" className="logo">
            {settings.storeName}
          </StoreLink>
          {secure ? (
            <p className="secure-badge">
              <LockIcon />
              <span>Secure Checkout</span>
            </p>
          ) : null}
        </div>
      </header>
      <main id="main" className="site-main slim-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter settings={settings} checkout />
    </>
  )
}
