/** Shop Our Feed: the store's bio and its feed posts, each linking to the item it shows. */
import '../components/content/content.css'
import { orNotFound } from '../components/catalog/loader-helpers'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/shop-our-feed'

export async function loader({ context }: Route.LoaderArgs) {
  return { feed: await orNotFound(context.services.feed()) }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Shop Our Feed', { description: args.loaderData?.feed.bio || undefined })
}

/** The size a media address names ('-1080x1080.svg'), else a square. */
function sizeOf(url: string): { width: number; height: number } {
  const m = /-(\d{2,4})x(\d{2,4})(?=[-.])/.exec(url)
  return m ? { width: Number(m[1]), height: Number(m[2]) } : { width: 1080, height: 1080 }
}

export default function ShopOurFeed({ loaderData }: Route.ComponentProps) {
  const { feed } = loaderData
  return (
    <div className="container page">
      <h1 className="page-title">Shop Our Feed</h1>
      {feed.bio ? <p className="feed-bio">{feed.bio}</p> : null}
      {feed.instagram ? (
        <p>
          <a href={feed.instagram} rel="noopener noreferrer" target="_blank">
            Follow us on Instagram<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      {feed.feed_posts.length ? (
        <ul className="feed-grid">
          {feed.feed_posts.map((post, i) => {
            const size = sizeOf(post.image)
            const image = <img src={post.image} alt="" width={size.width} height={size.height} loading={i < 4 ? 'eager' : 'lazy'} decoding="async" />
            const body = (
              <figure>
                {image}
                <figcaption>
                  {post.caption}
                  {post.link ? <span className="feed-shop"> Shop this look</span> : null}
                </figcaption>
              </figure>
            )
            return (
              <li key={post.id} className="feed-post">
                {post.link ? <StoreLink to={post.link}>{body}</StoreLink> : body}
              </li>
            )
          })}
        </ul>
      ) : (
        <p>No posts yet. Check back soon.</p>
      )}
    </div>
  )
}
