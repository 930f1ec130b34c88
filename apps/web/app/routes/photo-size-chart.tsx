/**
 * The size and fit guide (SPEC §3 sizing guide): every size with its front, side
 * and back figures, reversed on every second entry, and its measurements. The
 * guide comes with the store settings the root loader already read.
 */
import '../components/catalog/catalog.css'
import { SizingGuide, sizingGuideInputs } from '../components/catalog/sizing-guide'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import { useStore } from '../lib/store/store-provider'
import type { Route } from './+types/photo-size-chart'

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Size & Fit Guide', { description: 'Find your size: body measurements for every size, with front, side and back views.' })
}

export default function PhotoSizeChart() {
  const { settings, brand } = useStore()
  const rows = sizingGuideInputs(settings.sizingGuide)
  return (
    <div className="container page size-chart-page">
      <h1 className="page-title">Size &amp; Fit Guide</h1>
      <p>
        Measure around the fullest part of your bust and hips and the narrowest part of your waist, then pick the size whose range fits. Between sizes? Size up for a relaxed fit.
      </p>
      <SizingGuide rows={rows} brandId={brand.id} headingLevel={2} />
      <p style={{ marginTop: 'var(--space-6)' }}>
        <StoreLink to={settings.mainShoppingPath || '/'} className="button button-primary">
          Shop {settings.mainProductPlural || 'now'}
        </StoreLink>{' '}
        <StoreLink to="/care" className="button button-secondary">
          Care guide
        </StoreLink>
      </p>
    </div>
  )
}
