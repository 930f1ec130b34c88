/** The top of a category page: promo banner, banner image, title, short description and bullets. */
import type { CatalogImage, CategoryInfo } from '../../lib/api/types'

/** The wide banner image of a category (the first of its images wider than tall), if any. */
export function categoryBannerImage(category: Pick<CategoryInfo, 'images'>): CatalogImage | null {
  return category.images?.find((image) => image.width > image.height) ?? null
}

/** The tile image of a category (the first taller-than-wide or square image), if any. */
export function categoryTileImage(category: Pick<CategoryInfo, 'images'>): CatalogImage | null {
  return category.images?.find((image) => image.width <= image.height) ?? category.images?.[0] ?? null
}

export function CategoryHeader({ category }: { category: CategoryInfo }) {
  const banner = categoryBannerImage(category)
  const promo = typeof category.banner === 'string' ? category.banner : null
  const title = category.title || category.name
  return (
    <header className={banner ? 'category-header has-banner' : 'category-header'}>
      {promo ? <p className="category-promo">{promo}</p> : null}
      {banner ? (
        <img
          className="category-banner"
          src={banner.url}
          alt=""
          width={banner.width}
          height={banner.height}
          style={{ aspectRatio: `${banner.width} / ${banner.height}` }}
          loading="eager"
          fetchPriority="high"
        />
      ) : null}
      <div className="category-intro">
        <h1 className="page-title">{title}</h1>
        {category.short_description ? <p className="category-short">{category.short_description}</p> : null}
        {category.bullets?.length ? (
          <ul className="category-bullets">
            {category.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </header>
  )
}
