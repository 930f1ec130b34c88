/** Loader helpers of the club's pages (server only). */
import type { Membership } from '@store/core'
import { redirect, type AppLoadContext } from 'react-router'
import { notFound } from '../components/catalog/loader-helpers'
import { requireCustomer } from './auth.server'

/** A brand without a club (glow) has none of the club's pages: a 404, as its club landings are (the settings are cached: no statement). */
export async function requireClubBrand(context: AppLoadContext): Promise<void> {
  if (!(await context.services.settings()).brandHasClub) throw notFound('This store has no VIP club.')
}

/** The logged-in customer's membership; a visitor goes to /login and back; a non-member to the club's page. */
export async function requireMembership(context: AppLoadContext, request: Request): Promise<Membership> {
  await requireClubBrand(context)
  await requireCustomer(context, request)
  const membership = await context.services.membership()
  if (!membership) throw redirect('/vip')
  return membership
}
