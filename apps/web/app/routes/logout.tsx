/** Log out: a button (a GET never changes state); the action ends the session and goes home. */
import { Form, redirect } from 'react-router'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { isStoreError } from '@store/core'
import { requestCart } from '../lib/api/server'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/logout'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Log Out', { noindex: true })

export async function loader({ context }: Route.LoaderArgs) {
  const cart = await requestCart(context).catch(() => null)
  return { loggedIn: Boolean(cart?.loggedin) }
}

export async function action({ context }: Route.ActionArgs) {
  try {
    await context.services.logout()
  } catch (error) {
    if (!isStoreError(error)) throw error
  }
  throw redirect('/')
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="Log Out">
      {loaderData.loggedIn ? (
        <Form method="post">
          <button type="submit" className="button button-primary">
            Log out
          </button>
        </Form>
      ) : (
        <p>
          You are logged out. <StoreLink to="/login">Log in</StoreLink>
        </p>
      )}
    </Page>
  )
}
