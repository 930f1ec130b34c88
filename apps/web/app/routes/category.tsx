/**
 * Category listing: banner, descriptions, bullets and a product grid with a size
 * filter and sorting. The loader reads the whole category once; filter and sort
 * come from the address (?size=&sort=) and are applied while rendering, so a
 * change is a GET form before JavaScript and an instant, reload-free address
 * change after hydration (no loader call: see shouldRevalidate).
 */
import { useMemo } from 'react'
import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import '../components/catalog/catalog.css'
import { CategoryHeader, categoryBannerImage } from '../components/catalog/category-header'
import { GridControls } from '../components/catalog/grid-controls'
import { applyGridQuery, readGridQuery, sizeFilterOptionsOf } from '../components/catalog/grid-query'
import { orNotFound } from '../components/catalog/loader-helpers'
import { categoryPageCategory } from '../components/catalog/category-page-category'
import { gridLayoutOf, ProductGrid } from '../components/catalog/product-grid'
import { RichText } from '../components/content/rich-text'
import { StoreLink } from '../components/store-link'
import { notFoundMeta, pageMeta } from '../lib/meta'
import { useStore } from '../lib/store/store-provider'
import type { Route } from './+types/category'

export async function loader({ params, context }: Route.LoaderArgs) {
  const category = await orNotFound(context.services.category(params.categoryName))
  // its items as grid cards, made once per cached category
  return { category: categoryPageCategory(category) }
}

/** Changing only the filter or sort keeps the category already loaded. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  return defaultShouldRevalidate
}

export function meta(args: Route.MetaArgs) {
  const category = args.loaderData?.category
  if (!category) return notFoundMeta(args)
  const title = category.title || category.name
  const image = categoryBannerImage(category) ?? category.items[0]?.images.image1 ?? null
  return pageMeta(args, title, { description: category.short_description ?? undefined, image })
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData
  const { brand } = useStore()
  const [searchParams] = useSearchParams()
  const query = readGridQuery(searchParams)
  const sizes = useMemo(() => sizeFilterOptionsOf(category.items, brand.id), [category.items, brand.id])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the grid follows the query's size and sort, not the query object made anew each render
  const items = useMemo(() => applyGridQuery(category.items, query, brand.id), [category.items, query.size, query.sort, brand.id])
  const layout = gridLayoutOf(category.layout)

  return (
    <div className="container page category-page">
      <CategoryHeader category={category} />
      <section aria-labelledby="category-products">
        <h2 id="category-products" className="visually-hidden">
          Products
        </h2>
        <GridControls query={query} sizes={sizes} brandId={brand.id} count={items.length} total={category.items.length} />
        {items.length ? (
          <ProductGrid items={items} layout={layout} headingLevel={3} />
        ) : (
          <div className="grid-empty">
            <p>Nothing in this size right now.</p>
            <p>
              <StoreLink to={category.link} className="button button-secondary" preventScrollReset>
                Show all sizes
              </StoreLink>
            </p>
          </div>
        )}
      </section>
      {category.long_description ? (
        <section className="category-long" aria-labelledby="category-about">
          <h2 id="category-about">About {category.title || category.name}</h2>
          <RichText source={category.long_description} />
        </section>
      ) : null}
    </div>
  )
}
