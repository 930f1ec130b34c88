/** Every customer review of the brand, newest first, with photos; 24 a page (?page=2). */
import '../components/catalog/catalog.css'
import '../components/content/content.css'
import { orNotFound } from '../components/catalog/loader-helpers'
import { ReviewList } from '../components/catalog/review-list'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/customer-reviews'

const PER_PAGE = 24

function pageOf(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get('page') ?? '1')
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(request)
  const reviews = await orNotFound(context.services.reviews({ page, perPage: PER_PAGE }))
  return { page, reviews, hasNext: reviews.length === PER_PAGE }
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page ?? 1
  return pageMeta(args, page > 1 ? `Customer Reviews, page ${page}` : 'Customer Reviews', {
    description: 'What our customers say, with their photos.',
  })
}

export default function CustomerReviews({ loaderData }: Route.ComponentProps) {
  const { page, reviews, hasNext } = loaderData
  return (
    <div className="container page">
      <h1 className="page-title">Customer Reviews</h1>
      <p className="content-lead">Real reviews and photos from our customers.</p>
      {reviews.length ? <ReviewList reviews={reviews} itemLinks wide headingLevel={2} /> : <p>No reviews here yet.</p>}
      {page > 1 || hasNext ? (
        <nav className="pager" aria-label="Review pages">
          {page > 1 ? (
            <StoreLink to={page === 2 ? '/customer_reviews' : `/customer_reviews?page=${page - 1}`} rel="prev">
              Newer reviews
            </StoreLink>
          ) : (
            <span />
          )}
          {hasNext ? (
            <StoreLink to={`/customer_reviews?page=${page + 1}`} rel="next">
              Older reviews
            </StoreLink>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
