/**
 * Do Not Sell My Personal Information: the data-sale opt-out, kept in a cookie
 * for 10 years (SPEC §4), set or removed here.
 */
import { DO_NOT_SELL_COOKIE_DAYS } from '@store/core'
import { data, Form } from 'react-router'
import { Page } from '../components/page/page'
import { DO_NOT_SELL_COOKIE, optedOut } from '../lib/analytics/tracking-rules'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/dnsmpi'
import { readForm } from '../lib/read-form'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Do Not Sell My Personal Information')

export function loader({ request }: Route.LoaderArgs) {
  return { optedOut: optedOut(request.headers.get('cookie') ?? '') }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request)
  const optOut = form.get('choice') === 'opt-out'
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
  const cookie = optOut
    ? `${DO_NOT_SELL_COOKIE}=1; Path=/; Max-Age=${DO_NOT_SELL_COOKIE_DAYS * 86400}; SameSite=Lax${secure}`
    : `${DO_NOT_SELL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
  return data({ optedOut: optOut }, { headers: { 'set-cookie': cookie } })
}

export default function DoNotSell({ loaderData, actionData }: Route.ComponentProps) {
  const out = actionData?.optedOut ?? loaderData.optedOut
  return (
    <Page title="Do Not Sell My Personal Information">
      <p>
        We do not sell your personal information for money. We do share some browsing data with advertising partners to show you relevant ads. You can opt out of that sharing on
        this browser.
      </p>
      <p role="status">{out ? 'You have opted out on this browser.' : 'You have not opted out on this browser.'}</p>
      <Form method="post">
        <input type="hidden" name="choice" value={out ? 'opt-in' : 'opt-out'} />
        <button type="submit" className="button button-primary">
          {out ? 'Allow sharing again' : 'Opt out of sharing'}
        </button>
      </Form>
    </Page>
  )
}
