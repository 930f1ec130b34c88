/** Loader helpers of the club's pages (server only). */
import type { Membership } from '@store/core'
import { redirect, type AppLoadContext } from 'react-router'
import { requireCustomer } from './auth.server'

/** The logged-in customer's membership; a visitor goes to /login and back; a non-member to the club's page. */
export async function requireMembership(context: AppLoadContext, request: Request): Promise<Membership> {
  await requireCustomer(context, request)
  const membership = await context.services.membership()
  if (!membership) throw redirect('/vip')
  return membership
}
