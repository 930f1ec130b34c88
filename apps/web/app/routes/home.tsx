/**
 * Home. Brands with a home of their own (popfitclothing, ckb): hero, featured
 * categories (the header menu's categories with their images), a grid of
 * featured items from the main shopping category and, when the settings say so,
 * the club's offer. Other brands (glow): the content page 'home'.
 */
import { isStoreError } from '@store/core'
import '../components/catalog/catalog.css'
import '../components/content/content.css'
import { pickFeatured } from '../components/catalog/featured'
import { orNotFound, settle } from '../components/catalog/loader-helpers'
import { gridItem, type GridItem } from '../components/catalog/grid-item'
import { ProductGrid } from '../components/catalog/product-grid'
import { blockImage } from '../components/content/content-image'
import { loadContentPage } from '../components/content/content-loader'
import { ContentPageView } from '../components/content/content-page-view'
import { ClubOffer, clubOfferLanding, type ClubOfferLanding } from '../components/content/club-offer'
import { StoreLink } from '../components/store-link'
import { keptPart } from '../lib/kept-part'
import { keptFor } from '../lib/kept-value'
import type { Category, ContentPage, HeaderMenuEntry, ImageRef, MembershipLanding } from '../lib/api/types'
import { pageMeta, rootDataOf } from '../lib/meta'
import { useCart, useStore } from '../lib/store/store-provider'
import type { Route } from './+types/home'

/** two full rows of the widest catch-all grid (5 columns), five of the narrowest (2) */
const FEATURED_ITEMS = 10

type HomeData =
  | { kind: 'content'; page: ContentPage }
  | { kind: 'own'; featured: GridItem[]; mainTitle: string | null; mainDescription: string | null; landing: ClubOfferLanding | null }

/** The featured cards of a cached (frozen) category: one frozen list per category, whose grid is kept as markup. */
const featuredLists = new WeakMap<Category, GridItem[]>()
function featuredOf(category: Category): GridItem[] {
  return keptFor(featuredLists, category, (source) => pickFeatured(source.items, FEATURED_ITEMS).map(gridItem))
}

/** What the club's offer shows of a cached landing: one frozen value per landing, whose offer is kept as markup. */
const clubOffers = new WeakMap<MembershipLanding, ClubOfferLanding>()
function clubOfferOf(landing: MembershipLanding): ClubOfferLanding {
  return keptFor(clubOffers, landing, clubOfferLanding)
}

/** '/category/leggings' -> 'leggings' */
function mainCategoryName(path: string | null | undefined): string | null {
  return /^\/category\/([a-z0-9][a-z0-9_-]*)$/i.exec(path ?? '')?.[1] ?? null
}

export async function loader({ context }: Route.LoaderArgs): Promise<HomeData> {
  if (!context.brand.hasOwnHome) {
    return { kind: 'content', page: await loadContentPage(context, 'home') }
  }
  const store = context.services
  const settings = await orNotFound(store.settings())
  const main = mainCategoryName(settings.mainShoppingPath)
  const [category, landing] = await Promise.all([
    main
      ? store.category(main).catch((error: unknown) => {
          if (isStoreError(error) && error.status === 404) return null
          throw error
        })
      : Promise.resolve(null),
    settings.brandHasClub && settings.showClubOffer ? settle<MembershipLanding | null>(store.membershipLanding(), null, 'club offer') : Promise.resolve(null),
  ])
  return {
    kind: 'own',
    featured: category ? featuredOf(category) : [],
    mainTitle: category ? category.title || category.name : null,
    mainDescription: category?.short_description ?? null,
    landing: landing ? clubOfferOf(landing) : null,
  }
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData
  const description = data?.kind === 'content' ? (data.page.body ?? undefined) : undefined
  const hero = rootDataOf(args.matches)?.settings.scrollingImages?.find((image) => image && typeof image.url === 'string')
  return pageMeta(args, 'Browse Store', { description, image: hero ?? null, canonicalPath: '/' })
}

/** Header menu entries that lead to a category or a group and have a picture. */
function featuredCategories(menu: HeaderMenuEntry[]): Array<HeaderMenuEntry & { image: NonNullable<ReturnType<typeof blockImage>> }> {
  return (menu ?? []).flatMap((entry) => {
    if (!/^\/category(-group)?\//.test(entry.link)) return []
    const image = blockImage(entry.dropdownImage, '')
    return image ? [{ ...entry, image }] : []
  })
}

/** The scrolling images after the first (their pictures load lazily): from the settings alone, kept as markup per settings. */
function Highlights({ images }: { images: ImageRef[] }) {
  return (
    <>
      {images.map((image) => (
        <li key={image.url}>
          <img src={image.url} alt={image.alt} width={image.width ?? undefined} height={image.height ?? undefined} loading="lazy" decoding="async" />
        </li>
      ))}
    </>
  )
}

/** The header menu's categories with their pictures (lazy): from the settings alone, kept as markup per settings. */
function FeaturedCategories({ categories }: { categories: ReturnType<typeof featuredCategories> }) {
  return (
    <>
      {categories.map((entry) => (
        <li key={entry.link}>
          <StoreLink to={entry.link}>
            <img src={entry.image.url} alt="" width={entry.image.width} height={entry.image.height} loading="lazy" decoding="async" />
            <span>{entry.caption}</span>
          </StoreLink>
        </li>
      ))}
    </>
  )
}

/**
 * The club's offer to a shopper who is not a member (the caller decides that): from the
 * cached landing copy and the club's name alone, kept as markup per landing and name.
 */
function HomeClubOffer({ landing, clubName }: { landing: ClubOfferLanding; clubName: string }) {
  return <div className="home-section" {...keptPart(landing, `home-club-offer ${clubName}`, () => <ClubOffer landing={landing} clubName={clubName} />)} />
}

function OwnHome({ data }: { data: Extract<HomeData, { kind: 'own' }> }) {
  const { settings } = useStore()
  const { cart } = useCart()
  const [hero, ...more] = settings.scrollingImages.filter((image) => image && typeof image.url === 'string')
  const categories = featuredCategories(settings.headerMenu)
  const shopPath = settings.mainShoppingPath || '/'
  const tagline = data.mainDescription
  const showClub = !!data.landing && settings.brandHasClub && settings.showClubOffer && !cart?.has_club

  return (
    <div className="container home">
      <section className="home-hero" aria-labelledby="home-title">
        <div>
          <h1 id="home-title">{settings.storeName}</h1>
          {tagline ? <p>{tagline}</p> : null}
          <p className="club-actions">
            <StoreLink to={shopPath} className="button button-primary">
              Shop {settings.mainProductPlural || 'now'}
            </StoreLink>
            {settings.brandHasClub ? (
              <StoreLink to="/vip" className="button button-secondary">
                Join {settings.clubName || 'VIP'}
              </StoreLink>
            ) : null}
          </p>
        </div>
        {hero ? <img src={hero.url} alt={hero.alt} width={hero.width ?? undefined} height={hero.height ?? undefined} loading="eager" fetchPriority="high" /> : null}
      </section>

      {more.length ? (
        <section className="home-section" aria-label="Store highlights">
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling row takes keyboard focus so it can be scrolled with the keys (axe: scrollable-region-focusable) */}
          <ul className="scroll-row" tabIndex={0} aria-label="Highlights" {...keptPart(settings, 'home-highlights', () => <Highlights images={more} />)} />
        </section>
      ) : null}

      {categories.length ? (
        <section className="home-section" aria-labelledby="home-categories">
          <h2 id="home-categories">Shop by category</h2>
          <ul className="featured-categories" {...keptPart(settings, 'home-categories', () => <FeaturedCategories categories={categories} />)} />
        </section>
      ) : null}

      {data.featured.length ? (
        <section className="home-section" aria-labelledby="home-featured">
          <div className="home-section-header">
            <h2 id="home-featured">Best-loved {data.mainTitle?.toLowerCase() ?? 'styles'}</h2>
            <StoreLink to={shopPath}>Shop all {data.mainTitle?.toLowerCase() ?? ''}</StoreLink>
          </div>
          <ProductGrid items={data.featured} layout="catch-all" eagerCount={0} headingLevel={3} />
        </section>
      ) : null}

      {showClub && data.landing ? <HomeClubOffer landing={data.landing} clubName={settings.clubName || 'VIP'} /> : null}
    </div>
  )
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'content') return <ContentPageView page={loaderData.page} />
  return <OwnHome data={loaderData} />
}
