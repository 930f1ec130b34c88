/** Building blocks of simple pages: a heading and the 'coming soon' body of routes built by later issues. */
import type { ReactNode } from 'react'
import { StoreLink } from '../store-link'

export function Page({ title, children, narrow = true }: { title: string; children?: ReactNode; narrow?: boolean }) {
  return (
    <div className={narrow ? 'container page page-narrow' : 'container page'}>
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  )
}

/** A real page with its title, saying the feature is on its way. Never fake data. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page title={title}>
      {children ?? <p>This page is coming soon.</p>}
      <p>
        <StoreLink to="/" className="button button-secondary">
          Back to the shop
        </StoreLink>
      </p>
    </Page>
  )
}
