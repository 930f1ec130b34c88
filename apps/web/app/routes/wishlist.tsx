/**
 * Wishlist: items kept for later (SPEC §3 entry: id, permalink, reserved).
 * Move one to the cart in a size (it leaves the wishlist once the cart took
 * it), or remove it. `reserved` marks a VIP exclusive, held for club members.
 */
import { displaySize, formatPrice, LOGIN_PATH, type WishlistEntry } from '@store/core'
import { data, Form, redirect, useSearchParams } from 'react-router'
import '../components/members/members.css'
import { FormErrors } from '../components/forms/form-field'
import { SelectField } from '../components/forms/select-field'
import { useFormErrors } from '../components/forms/use-form-errors'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { safeRedirectPath } from '@store/core'
import { useStore } from '../lib/store/store-provider'
import { readForm } from '../lib/read-form'
import type { Route } from './+types/wishlist'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Wishlist', { noindex: true })

export async function loader({ context }: Route.LoaderArgs) {
  return { entries: await context.services.wishlist() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  // an item page's button asks for the answer rather than a page (wishlist-button.tsx)
  const answerHere = form.get('answer') === 'here'
  if (intent === 'add') {
    // from an item page: a plain form comes back there (redirectTo), a fetcher gets the answer
    const itemId = String(form.get('item_id') ?? '')
    const back = form.get('redirectTo')
    const result = await formResult(context.services.addToWishlist(itemId))
    if (!result.ok && result.status === 401) {
      throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: safeRedirectPath(back, '/wishlist').split('?')[0]! }).toString()}`)
    }
    if (!result.ok) return data({ id: '', added: false, errors: result.errors }, { status: result.status })
    if (back && !answerHere) throw redirect(safeRedirectPath(back, '/wishlist?added=1'))
    const entryId = result.value.find((entry) => String(entry.item.id) === itemId.trim())?.id ?? null
    return { id: '', added: true, entryId, errors: [] as ApiErrorItem[] }
  }
  if (intent === 'move') {
    const size = String(form.get('size') ?? '')
    if (!size) return data({ id, errors: [{ message: 'Choose a size first.', field: 'size' }] as ApiErrorItem[] }, { status: 400 })
    const result = await formResult(context.services.moveWishlistToCart(id, size))
    if (!result.ok) return data({ id, errors: result.errors }, { status: result.status })
    throw redirect('/wishlist?moved=1')
  }
  if (intent === 'remove') {
    const result = await formResult(context.services.removeFromWishlist(id))
    if (!result.ok) return data({ id, errors: result.errors }, { status: result.status })
    // from an item page: its fetcher gets the answer, its plain form goes back there
    if (answerHere) return { id, removed: true, errors: [] as ApiErrorItem[] }
    const back = form.get('redirectTo')
    throw redirect(back ? safeRedirectPath(back, '/wishlist?removed=1') : '/wishlist?removed=1')
  }
  return data({ id, errors: [{ message: 'Choose what to do with this item.' }] as ApiErrorItem[] }, { status: 400 })
}

function Entry({ entry, errors }: { entry: WishlistEntry; errors: ApiErrorItem[] }) {
  const { brand, settings } = useStore()
  const sizes = entry.item.availableSizes.map((size) => ({ value: size, caption: displaySize(size, brand.id) }))
  const { errorId, fieldError } = useFormErrors({ errors })
  const title = `${entry.item.name}${entry.item.color ? ` in ${entry.item.color}` : ''}`
  return (
    <li className="member-card wishlist-entry">
      {entry.item.image ? <img src={entry.item.image} alt={entry.item.image_alt} width={96} height={128} loading="lazy" /> : <span />}
      <div>
        <p>
          <StoreLink to={entry.permalink}>
            <strong>{title}</strong>
          </StoreLink>
          {entry.reserved ? <span className="member-badge">{settings.clubName || 'VIP'} exclusive</span> : null}
        </p>
        <p>{formatPrice(entry.item.price)}</p>
        {entry.reserved ? <p>Reserved for {settings.clubName || 'VIP'} members.</p> : null}
        <FormErrors id={errorId} errors={errors.filter((e) => e.field !== 'size')} />
        <div className="member-card-actions">
          {sizes.length ? (
            <Form method="post" className="member-card-actions">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="id" value={entry.id} />
              <SelectField id={`wish-size-${entry.id}`} name="size" label={`Size for ${title}`} placeholder="Choose a size" options={sizes} error={fieldError('size')} />
              <button type="submit" className="button button-primary button-small">
                Move to cart
              </button>
            </Form>
          ) : (
            <p>Sold out for now.</p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={entry.id} />
            <button type="submit" className="button button-secondary button-small" aria-label={`Remove ${title} from your wishlist`}>
              Remove
            </button>
          </Form>
        </div>
      </div>
    </li>
  )
}

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { entries } = loaderData
  const answer = actionData as { id: string; errors: ApiErrorItem[] } | undefined
  return (
    <Page title="Wishlist">
      <WishlistNotice />
      {entries.length ? (
        <ul className="member-cards" aria-label="Your wishlist">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} errors={answer?.id === entry.id ? answer.errors : []} />
          ))}
        </ul>
      ) : (
        <p>
          Your wishlist is empty. Tap “Add to wishlist” on any item to keep it here. <StoreLink to="/">Browse the shop</StoreLink>
        </p>
      )}
      {answer && !entries.some((entry) => entry.id === answer.id) ? <FormErrors id="wishlist-errors" errors={answer.errors} /> : null}
    </Page>
  )
}

function WishlistNotice() {
  const [params] = useSearchParams()
  const text = params.get('moved') ? 'Moved to your cart.' : params.get('removed') ? 'Removed from your wishlist.' : params.get('added') ? 'Added to your wishlist.' : null
  return text ? (
    <p role="status" className="member-status">
      {text}
    </p>
  ) : null
}
