/** A category group: its title and description, and a tile for each of its categories. */
import '../components/catalog/catalog.css'
import { categoryTileImage } from '../components/catalog/category-header'
import { orNotFound } from '../components/catalog/loader-helpers'
import { StoreLink } from '../components/store-link'
import { notFoundMeta, pageMeta } from '../lib/meta'
import type { Route } from './+types/category-group'

export async function loader({ params, context }: Route.LoaderArgs) {
  const group = await orNotFound(context.services.categoryGroup(params.categoryGroupName))
  return { group }
}

export function meta(args: Route.MetaArgs) {
  const group = args.loaderData?.group
  if (!group) return notFoundMeta(args)
  const title = group.title || group.name
  return pageMeta(args, title, { description: group.description ?? undefined })
}

export default function CategoryGroupPage({ loaderData }: Route.ComponentProps) {
  const { group } = loaderData
  return (
    <div className="container page">
      <h1 className="page-title">{group.title || group.name}</h1>
      {group.description ? <p className="category-short">{group.description}</p> : null}
      {group.categories.length ? (
        <ul className="category-tiles">
          {group.categories.map((category, i) => {
            const tile = categoryTileImage(category)
            const title = category.title || category.name
            const count = category.item_count
            return (
              <li key={category.id} className="category-tile">
                <StoreLink to={category.link}>
                  {tile ? (
                    <img
                      src={tile.url}
                      alt=""
                      width={tile.width}
                      height={tile.height}
                      style={{ aspectRatio: `${tile.width} / ${tile.height}` }}
                      loading={i < 4 ? 'eager' : 'lazy'}
                    />
                  ) : null}
                  <h2>{title}</h2>
                </StoreLink>
                {category.short_description ? <p>{category.short_description}</p> : null}
                <p>{count === 1 ? '1 style' : `${count} styles`}</p>
              </li>
            )
          })}
        </ul>
      ) : (
        <p>There is nothing in this collection right now.</p>
      )}
    </div>
  )
}
