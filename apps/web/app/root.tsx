/**
 * The document and the one layout every page sits under: brand colours and
 * fonts, settings and cart for every page (root loader), the client store, and
 * the one error boundary (404 'Page not found', 'Unknown host', anything else).
 */
import '@fontsource/montserrat/400.css'
import '@fontsource/montserrat/600.css'
import '@fontsource/montserrat/700.css'
import '@fontsource/dm-sans/400.css'
import '@fontsource/dm-sans/700.css'
import '@fontsource/playfair-display/700.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/cart.css'

import { UNKNOWN_HOST } from '@store/core'
import { useEffect, type ReactNode } from 'react'
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteError, useRouteLoaderData } from 'react-router'
import { StoreChrome } from './components/layout/store-chrome'
import { Page } from './components/page/page'
import { StoreLink } from './components/store-link'
import { FocusAfterFormAction } from './lib/action-focus'
import { requestCart, requestHost } from './lib/api/server'
import { brandCss, webFontsDeclarations } from './lib/brand-css'
import { WEB_FONTS_NOW_SCRIPT, WEB_FONTS_SEEN_SCRIPT, webFontFaces } from './lib/brand-fonts'
import { deferModuleScripts } from './lib/deferred-scripts'
import { describeError } from './lib/error-view'
import { titleText } from './lib/meta'
import { useNonce } from './lib/nonce'
import { PageFocusOnNavigation } from './lib/page-focus-on-navigation'
import type { RootData } from './lib/root-data'
import { TrackingEffects } from './lib/analytics/tracking-effects'
import { CouponNoticeToast, NavigationEffects } from './lib/store/navigation-effects'
import { StoreProvider } from './lib/store/store-provider'
import type { Route } from './+types/root'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const brand = context.brand
  if (!brand) throw data(UNKNOWN_HOST, { status: 404, statusText: UNKNOWN_HOST })
  const [settings, cart] = await Promise.all([
    context.services.settings().catch((error: unknown) => {
      // without settings there is no menu, name or shopping path: a clear 503, not a broken page
      console.error('settings could not be read', error)
      throw data('The store is not available right now', { status: 503 })
    }),
    // the page still renders without a cart; the drawer says so
    requestCart(context).catch((error: unknown) => {
      console.error('cart could not be read', error)
      return null
    }),
  ])
  return {
    brand: {
      id: brand.id,
      name: brand.name,
      // canonical links, Open Graph and JSON-LD are built on it (never on the request's host)
      publicOrigin: brand.publicOrigin,
      apiBaseUrl: brand.apiBaseUrl,
      hasOwnHome: brand.hasOwnHome,
      styles: {
        colors: { ...brand.styles.colors },
        fonts: { ...brand.styles.fonts },
        letterSpacing: brand.styles.letterSpacing,
      },
    },
    settings,
    cart,
    host: requestHost(request),
    config: context.publicConfig,
  }
}

export const meta: Route.MetaFunction = ({ data: root, error }) => {
  const storeName = root?.settings.storeName ?? root?.brand.name
  if (error) {
    const title = describeError(error).title
    return [{ title: storeName ? titleText(title, storeName) : title }, { name: 'robots', content: 'noindex' }]
  }
  return [{ title: storeName ?? 'Store' }]
}

/**
 * React Router's scripts, started only once the page's largest image is on
 * screen (lib/deferred-scripts.ts). In development they run as React Router
 * writes them.
 */
function DeferredScripts({ nonce }: { nonce: string }) {
  const rendered = Scripts({ nonce })
  return import.meta.env.DEV ? rendered : deferModuleScripts(rendered, nonce)
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root')
  const styles = root?.brand.styles
  const nonce = useNonce()
  return (
    // the web-fonts class is set before hydration (lib/brand-fonts.ts)
    <html lang="en" data-brand={root?.brand.id} data-web-fonts={styles ? webFontFaces([styles.fonts.body, styles.fonts.heading]) : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // in development the scripts are not deferred (DeferredScripts): the fonts come in at once
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own script and CSS text, made from constants and the brand's settings, not shopper input
          dangerouslySetInnerHTML={{ __html: import.meta.env.DEV ? WEB_FONTS_NOW_SCRIPT : WEB_FONTS_SEEN_SCRIPT }}
        />
        {styles ? <meta name="theme-color" content={styles.colors.primary} /> : null}
        {/* read by entry.client.tsx, which loads Sentry only when it is there */}
        {root?.config.errorReporting ? <meta name="sentry-dsn" content={root.config.errorReporting.dsn} data-environment={root.config.errorReporting.environment} /> : null}
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own script and CSS text, made from constants and the brand's settings, not shopper input */}
        {styles ? <style dangerouslySetInnerHTML={{ __html: brandCss(styles) }} /> : null}
        {styles ? (
          <noscript>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own script and CSS text, made from constants and the brand's settings, not shopper input */}
            <style dangerouslySetInnerHTML={{ __html: `:root{${webFontsDeclarations(styles)}}` }} />
          </noscript>
        ) : null}
      </head>
      <body>
        <Hydrated />
        {children}
        <PageFocusOnNavigation />
        <FocusAfterFormAction />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  )
}

function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

export default function App() {
  return (
    <StoreProvider>
      <NavigationEffects />
      <TrackingEffects />
      <Outlet />
      <CouponNoticeToast />
    </StoreProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRouteLoaderData<RootData>('root')
  const view = describeError(error)
  if (!isRouteErrorResponse(error)) console.error(error)
  const body = (
    <Page title={view.title}>
      <p>{view.message}</p>
      {view.title !== UNKNOWN_HOST ? (
        <p>
          <StoreLink to="/" className="button button-primary" reloadDocument={view.status >= 500}>
            Go to the home page
          </StoreLink>
        </p>
      ) : null}
    </Page>
  )
  return (
    <>
      {root ? (
        <StoreProvider>
          <StoreChrome>{body}</StoreChrome>
        </StoreProvider>
      ) : (
        <main id="main" className="site-main">
          {body}
        </main>
      )}
    </>
  )
}
