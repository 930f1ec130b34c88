/** Log out: a button (a GET never changes state); the action ends the session and goes home. */
import { Form, redirect } from 'react-router'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { ApiError } from '../lib/api/client'
import { requestCart, serverApi } from '../lib/api/server'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/logout'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Log Out', { noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await requestCart(context, request).catch(() => null)
  return { loggedIn: Boolean(cart?.loggedin) }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await serverApi(context, request).post('/logout')
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
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
