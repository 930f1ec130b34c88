import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { queueEmails } from '../email/outbox.ts'
import { passwordResetEmail } from './password-reset-email.ts'
import { isValidFullName, type Customer } from '@store/core'
import { passwordProblemWithCommonList } from '@store/core/common-passwords'
import type { Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { conflict, HttpError, unprocessable } from '../http/errors.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { voidEmailChanges, voidPasswordResets } from './account-links.ts'
import { isKnownDevice, rememberDevice } from './known-devices.ts'
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle.ts'
import { forgotLimits, registerLimits, takeRequest } from './request-limits.ts'
import { DECOY_HASH_PROMISE, hashPassword, verifyPassword } from './password.ts'
import { passwordChangedEmail } from './password-changed-email.ts'
import { welcomeEmail } from './welcome-email.ts'

const RESET_TTL_MS = 60 * 60 * 1000

/** The customer as /register and /login answer it (the contract's Customer). */
export type CustomerView = Customer

const view = (row: { id: string; name: string; email: string; has_club: number }): CustomerView => ({
  id: row.id,
  name: row.name,
  e_mail_address: row.email,
  has_club: row.has_club === 1,
})

const normalizeEmail = (email: string) => email.trim().toLowerCase()
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** The server's word on a new password: core's rule and the list of common passwords (docs/safety-rules.md). */
function checkPassword(password: string, email?: string) {
  const problem = passwordProblemWithCommonList(password, { email })
  if (problem) throw unprocessable(problem, 'password')
}

/**
 * The shopper's cart follows them into their account: the session's cart
 * becomes the customer's; a customer arriving with no cart gets back their
 * latest open one.
 */
async function cartForCustomer(ctx: RequestContext, customerId: string): Promise<string | null> {
  const { db, brandId } = ctx.data
  const cartId = (await ctx.session.current())?.cartId
  if (cartId) {
    await db.updateTable('carts').set({ customer_id: customerId }).where('id', '=', cartId).where('brand_id', '=', brandId).execute()
    return cartId
  }
  const latest = await db
    .selectFrom('carts')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'open')
    .orderBy('updated_at', 'desc')
    .executeTakeFirst()
  return latest?.id ?? null
}

/**
 * The guest orders this browser placed with the account's own e-mail become the account's: the
 * thank-you page asks a guest to "create an account to follow this order", and the order then shows
 * in their history. Only orders of this session's visitor (it placed them) and of the same address
 * (an order placed here under another address may be someone else's on a shared computer).
 */
async function claimGuestOrders(ctx: RequestContext, customerId: string, email: string) {
  const visitorId = (await ctx.session.current())?.visitorId
  if (!visitorId) return
  const { db, brandId } = ctx.data
  await db
    .updateTable('orders')
    .set({ customer_id: customerId })
    .where('brand_id', '=', brandId)
    .where('placed_by_visitor_id', '=', visitorId)
    .where('customer_id', 'is', null)
    .where('email', '=', email)
    .execute()
}

async function logIn(ctx: RequestContext, customerId: string, email: string) {
  const cartId = await cartForCustomer(ctx, customerId)
  await claimGuestOrders(ctx, customerId, email)
  await ctx.session.rotate(customerId, cartId)
  await rememberDevice(ctx, customerId)
}

/** The brand's club as the welcome e-mail names it: null where the brand has none (store_settings.brand_has_club). */
async function clubNameOf(ctx: RequestContext): Promise<string | null> {
  const settings = (await getSettingsBundle(ctx.data.db, ctx.data.brandId))?.row
  return settings?.brand_has_club === 1 ? (settings.club_name ?? 'VIP') : null
}

export async function register(ctx: RequestContext, input: { name: string; email: string; password: string }): Promise<CustomerView> {
  const { db, brandId } = ctx.data
  await takeRequest(ctx, registerLimits(ctx))
  const name = input.name.trim().replace(/\s+/g, ' ')
  if (!isValidFullName(name)) throw unprocessable('Enter your first and last name.', 'name')
  const email = normalizeEmail(input.email)
  checkPassword(input.password, email)
  // hashed before the address is looked up: a taken address answers as slowly as a new one,
  // so the time of the answer does not tell who has an account
  const passwordHash = await hashPassword(input.password)
  const taken = await db.selectFrom('customers').select('id').where('brand_id', '=', brandId).where('email', '=', email).executeTakeFirst()
  if (taken) throw conflict('An account with this email already exists. Log in, or reset your password.', 'email')
  const row = {
    id: randomUUID(),
    brand_id: brandId,
    name,
    email,
    password_hash: passwordHash,
    has_club: 0,
    created_at: ctx.now().toISOString(),
  }
  const welcome = welcomeEmail({ name: ctx.brand.name, origin: ctx.origin, clubName: await clubNameOf(ctx) }, row)
  try {
    // the account and its welcome e-mail commit together: no account without its welcome, no welcome without its account
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('customers').values(row).execute()
      await queueEmails(trx, brandId, row.created_at, [welcome])
    })
  } catch (error) {
    // two registrations racing for one address: the unique key decides, and the loser's welcome is rolled back with it
    const again = await db.selectFrom('customers').select('id').where('brand_id', '=', brandId).where('email', '=', email).executeTakeFirst()
    if (again) throw conflict('An account with this email already exists. Log in, or reset your password.', 'email')
    throw error
  }
  await logIn(ctx, row.id, email)
  return view(row)
}

export async function login(ctx: RequestContext, input: { email: string; password: string }): Promise<CustomerView> {
  const email = normalizeEmail(input.email)
  const { store, brandId } = ctx.data
  const keys = { brandId, email, ip: ctx.clientIp }
  const row = await store.db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'has_club', 'password_hash'])
    .where('brand_id', '=', brandId)
    .where('email', '=', email)
    .executeTakeFirst()
  // a device this customer has logged in from before passes the e-mail's backoff (decision 008)
  await assertLoginAllowed(store, keys, { knownDevice: row ? await isKnownDevice(ctx, row.id) : false })
  const ok = row ? await verifyPassword(input.password, row.password_hash) : await verifyPassword(input.password, await DECOY_HASH_PROMISE)
  if (!row || !ok) {
    await recordLoginFailure(store, keys)
    throw new HttpError(401, 'That email and password do not match an account. Check them, or reset your password.')
  }
  await clearLoginFailures(store, keys)
  await logIn(ctx, row.id, row.email)
  return view(row)
}

export async function logout(ctx: RequestContext): Promise<void> {
  await ctx.session.end()
}

/**
 * Writes a password reset link for the customer and queues its e-mail, in the caller's
 * transaction; answers the link. The shopper's /forgot and the operator's "send a
 * password reset" (customers-admin) both send this one e-mail.
 */
export async function queuePasswordReset(
  trx: Transaction<Database>,
  brand: { id: string; name: string; origin: string },
  customer: { id: string; name: string; email: string },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  // the brand's configured origin, never a request header (a forged Host must not reach a customer's inbox)
  const link = `${brand.origin}/forgot?token=${token}`
  await trx
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      brand_id: brand.id,
      customer_id: customer.id,
      expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute()
  await queueEmails(trx, brand.id, now.toISOString(), [passwordResetEmail(brand, { name: customer.name, email: customer.email }, link)])
  return link
}

/**
 * A reset link goes to the address if it has an account; the answer is the
 * same either way, so the form does not reveal who shops here.
 */
export async function requestPasswordReset(ctx: RequestContext, rawEmail: string): Promise<void> {
  const { db, brandId } = ctx.data
  const email = normalizeEmail(rawEmail)
  // counted whether the address has an account or not, so the answer tells nothing
  await takeRequest(ctx, forgotLimits(ctx, email))
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'name', 'email'])
    .where('brand_id', '=', brandId)
    .where('email', '=', email)
    .where('erased_at', 'is', null)
    .executeTakeFirst()
  if (!customer) return
  // the link and its e-mail commit together, as the account and its welcome do
  const link = await db.transaction().execute((trx) => queuePasswordReset(trx, { id: brandId, name: ctx.brand.name, origin: ctx.origin }, customer, new Date()))
  // development has no mail server: the link goes to the log (DESIGN §6); production logs no link
  if (ctx.env.NODE_ENV === 'production') ctx.log.info({ brand: brandId }, 'password reset e-mail queued')
  else ctx.log.info({ brand: brandId, link }, 'password reset e-mail queued (development: link in log)')
}

/**
 * Whether a reset link still works (not used, not voided, not expired), read without
 * using it: the page says at once that a spent link is spent, rather than after the
 * shopper has chosen a new password. The token is 32 random bytes, so asking tells a
 * stranger nothing they could guess.
 */
export async function resetLinkWorks(ctx: RequestContext, token: string): Promise<boolean> {
  const { db, brandId } = ctx.data
  const row = await db
    .selectFrom('password_resets')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('brand_id', '=', brandId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst()
  return row !== undefined
}

export async function resetPassword(ctx: RequestContext, token: string, password: string): Promise<void> {
  const { db, brandId } = ctx.data
  const now = new Date().toISOString()
  const tokenHash = hashToken(token)
  // the link is looked at first (without using it), so the password can be checked against the address
  const pending = await db
    .selectFrom('password_resets')
    .innerJoin('customers', 'customers.id', 'password_resets.customer_id')
    .select('customers.email')
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.brand_id', '=', brandId)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now)
    .executeTakeFirst()
  if (!pending) throw unprocessable('This reset link has expired or was already used. Ask for a new one.', 'token')
  checkPassword(password, pending.email)
  const hash = await hashPassword(password)
  const customerId = await db.transaction().execute(async (trx) => {
    // used once: the update only succeeds for an unused, unexpired token
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('brand_id', '=', brandId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('customer_id')
      .executeTakeFirst()
    if (!claimed) return null
    const customer = await trx.updateTable('customers').set({ password_hash: hash }).where('id', '=', claimed.customer_id).returning(['name', 'email']).executeTakeFirstOrThrow()
    // the account's address is told, with the change (ASVS V2.5): a reset nobody there asked for is news to them
    await queueEmails(trx, brandId, now, [passwordChangedEmail({ name: ctx.brand.name, origin: ctx.origin }, customer, 'reset link')])
    // every other link still outstanding for this customer is spent too: an older e-mail must not reset it again;
    // and an e-mail change waiting for its link is dropped, so a session that asked for it before the reset cannot finish it
    await voidPasswordResets(trx, brandId, claimed.customer_id, now)
    await voidEmailChanges(trx, brandId, claimed.customer_id)
    return claimed.customer_id
  })
  if (!customerId) throw unprocessable('This reset link has expired or was already used. Ask for a new one.', 'token')
  await ctx.session.endCustomerSessions(customerId)
}
