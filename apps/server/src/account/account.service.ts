/**
 * The customer's own account (/change_password): password, name and e-mail
 * address. A changed password ends every other session of the customer; a new
 * e-mail address counts only once the link sent to it is opened by the
 * customer, logged in.
 */
import { createHash, randomBytes } from 'node:crypto'
import { queueEmails } from '../email/outbox.ts'
import { isValidFullName, type AccountInfo } from '@store/core'
import { passwordProblemWithCommonList } from '@store/core/common-passwords'
import { voidEmailChanges, voidPasswordResets } from '../accounts/account-links.ts'
import { emailChangedEmails } from '../accounts/email-changed-email.ts'
import { passwordChangedEmail } from '../accounts/password-changed-email.ts'
import { hashPassword, verifyPassword } from '../accounts/password.ts'
import type { RequestContext } from '../context/request-context.ts'
import { LOGIN_LIMITS, LOGIN_WINDOW_MS } from '../accounts/login-throttle.ts'
import { clearRequests, HOUR_MS, takeRequest } from '../accounts/request-limits.ts'
import { conflict, HttpError, unprocessable } from '../http/errors.ts'
import { requireCustomerId } from './require-customer.ts'

/** How long an e-mail confirmation link works. */
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000
/** E-mail change requests per customer per hour (each sends two e-mails). */
const EMAIL_CHANGES_PER_HOUR = 5

const WRONG_PASSWORD = 'That is not your current password.'
const TAKEN = 'Another account already uses this email address.'
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')
const normalizeEmail = (email: string) => email.trim().toLowerCase()

async function customerRow(ctx: RequestContext, customerId: string) {
  const { db, brandId } = ctx.data
  const row = await db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'has_club', 'password_hash'])
    .where('brand_id', '=', brandId)
    .where('id', '=', customerId)
    .executeTakeFirst()
  if (!row) throw new HttpError(401, 'Please log in to continue.')
  return row
}

/**
 * Wrong current passwords per customer, as many as a login allows one e-mail
 * from one address (5 in 15 minutes, decision 008): a stolen session must not
 * be able to try passwords until it finds the one that lets it change the
 * address or the password. The password change and the e-mail change share it.
 */
const CURRENT_PASSWORD_GUESSES = { max: LOGIN_LIMITS.pair, windowMs: LOGIN_WINDOW_MS }

/**
 * The current password, asked again before a change. Every answer is counted
 * before it is checked (so answers sent together see each other), and once the
 * wrong ones are spent even the right one waits (429) until the oldest ages
 * out; a right answer clears the count.
 */
async function checkCurrentPassword(ctx: RequestContext, customerId: string, stored: string | null, given: string): Promise<void> {
  const key = `current-password:customer:${customerId}`
  await takeRequest(ctx, [{ key, ...CURRENT_PASSWORD_GUESSES, message: 'Too many wrong current passwords were entered.' }])
  if (!(await verifyPassword(given, stored))) throw unprocessable(WRONG_PASSWORD, 'current_password')
  await clearRequests(ctx, [key])
}

export async function getAccount(ctx: RequestContext): Promise<AccountInfo> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  // the e-mail change waiting for its link and the membership's state, in one statement
  const [row, { pending, membership }] = await Promise.all([
    customerRow(ctx, customerId),
    db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('email_changes')
          .select('new_email')
          .where('brand_id', '=', brandId)
          .where('customer_id', '=', customerId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .orderBy('created_at', 'desc')
          .limit(1)
          .as('pending'),
        eb.selectFrom('memberships').select('status').where('brand_id', '=', brandId).where('customer_id', '=', customerId).limit(1).as('membership'),
      ])
      .executeTakeFirstOrThrow(),
  ])
  return {
    id: row.id,
    name: row.name,
    e_mail_address: row.email,
    has_club: row.has_club === 1,
    pending_e_mail_address: pending ?? null,
    membership_status: membership ?? null,
  }
}

/**
 * A new password: the current one must be given, the new one pass the rules
 * and the common-password list. Every session of the customer ends and this
 * one is replaced by a new token, so a stolen cookie stops working; reset links
 * and a pending e-mail change asked for before stop working too.
 */
export async function changePassword(ctx: RequestContext, input: { current_password: string; password: string }): Promise<void> {
  const customerId = await requireCustomerId(ctx)
  const row = await customerRow(ctx, customerId)
  await checkCurrentPassword(ctx, customerId, row.password_hash, input.current_password)
  const problem = passwordProblemWithCommonList(input.password, { email: row.email })
  if (problem) throw unprocessable(problem, 'password')
  if (await verifyPassword(input.password, row.password_hash)) throw unprocessable('Choose a password different from your current one.', 'password')
  const hash = await hashPassword(input.password)
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('customers').set({ password_hash: hash }).where('brand_id', '=', brandId).where('id', '=', customerId).execute()
    // a reset link or an e-mail change asked for before (perhaps by whoever the new password shuts out) no longer works
    await voidPasswordResets(trx, brandId, customerId, now)
    await voidEmailChanges(trx, brandId, customerId)
    // and the account's address is told, with the change (ASVS V2.5)
    await queueEmails(trx, brandId, now, [passwordChangedEmail({ name: ctx.brand.name, origin: ctx.origin }, row, 'account page')])
  })
  const cartId = (await ctx.session.current())?.cartId ?? null
  await ctx.session.endCustomerSessions(customerId)
  await ctx.session.rotate(customerId, cartId)
}

export async function changeName(ctx: RequestContext, input: { name: string }): Promise<AccountInfo> {
  const customerId = await requireCustomerId(ctx)
  const name = input.name.trim().replace(/\s+/g, ' ')
  if (!isValidFullName(name)) throw unprocessable('Enter your first and last name.', 'name')
  await ctx.data.db.updateTable('customers').set({ name }).where('brand_id', '=', ctx.data.brandId).where('id', '=', customerId).execute()
  return getAccount(ctx)
}

async function emailTaken(ctx: RequestContext, email: string, customerId: string): Promise<boolean> {
  const other = await ctx.data.db
    .selectFrom('customers')
    .select('id')
    .where('brand_id', '=', ctx.data.brandId)
    .where('email', '=', email)
    .where('id', '!=', customerId)
    .executeTakeFirst()
  return other !== undefined
}

/**
 * Asks for a new e-mail address: the current password is required, the link
 * goes to the new address (which proves it is theirs) and a notice to the old
 * one (so a hijacked session cannot quietly take the account). A newer request
 * replaces an older one.
 */
export async function requestEmailChange(ctx: RequestContext, input: { email: string; current_password: string }): Promise<{ pending_e_mail_address: string }> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const row = await customerRow(ctx, customerId)
  await checkCurrentPassword(ctx, customerId, row.password_hash, input.current_password)
  const email = normalizeEmail(input.email)
  if (email === row.email) throw unprocessable('This is already your email address.', 'email')
  if (await emailTaken(ctx, email, customerId)) throw conflict(TAKEN, 'email')
  await takeRequest(ctx, [
    {
      key: `email-change:customer:${customerId}`,
      max: EMAIL_CHANGES_PER_HOUR,
      windowMs: HOUR_MS,
      message: 'You have asked to change your email address several times in a short while.',
    },
  ])

  const token = randomBytes(32).toString('base64url')
  const now = ctx.now()
  const created = now.toISOString()
  const link = `${ctx.origin}/change_password?confirm=${token}`
  const first = row.name.split(' ')[0]
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_changes').where('brand_id', '=', brandId).where('customer_id', '=', customerId).where('used_at', 'is', null).execute()
    await trx
      .insertInto('email_changes')
      .values({
        token_hash: hashToken(token),
        brand_id: brandId,
        customer_id: customerId,
        new_email: email,
        expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS).toISOString(),
        used_at: null,
        created_at: created,
      })
      .execute()
    await queueEmails(trx, brandId, created, [
      {
        to: email,
        subject: 'Confirm your new email address',
        body: `Hi ${first},\n\nTo use this address for your ${ctx.brand.name} account, open this link within 24 hours while logged in:\n${link}\n\nIf you did not ask for this, ignore this e-mail.\n\n${ctx.brand.name}`,
      },
      {
        to: row.email,
        subject: 'Your email address is being changed',
        body: `Hi ${first},\n\nSomeone logged in to your ${ctx.brand.name} account asked to change its email address to ${email}. It changes only when the link we sent there is opened.\n\nIf this was not you, change your password now at ${ctx.origin}/change_password and tell us at ${ctx.origin}/contact-us.\n\n${ctx.brand.name}`,
      },
    ])
  })
  if (ctx.env.NODE_ENV === 'production') ctx.log.info({ brand: brandId }, 'email change confirmation queued')
  else ctx.log.info({ brand: brandId, link }, 'email change confirmation queued (development: link in log)')
  return { pending_e_mail_address: email }
}

/** The link was opened by the logged-in customer who asked: the new address replaces the old one. */
export async function confirmEmailChange(ctx: RequestContext, token: string): Promise<AccountInfo> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  const invalid = () => unprocessable('This confirmation link has expired, was already used or belongs to another account. Ask for a new one.', 'token')
  const pending = await db
    .selectFrom('email_changes')
    .select(['token_hash', 'new_email'])
    .where('token_hash', '=', hashToken(token))
    .where('brand_id', '=', brandId)
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  if (!pending) throw invalid()
  if (await emailTaken(ctx, pending.new_email, customerId)) throw conflict(TAKEN, 'email')
  try {
    await db.transaction().execute(async (trx) => {
      // used once: only an unused row is claimed
      const claimed = await trx.updateTable('email_changes').set({ used_at: now }).where('token_hash', '=', pending.token_hash).where('used_at', 'is', null).executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) throw invalid()
      // the address it replaces, read under the change: the notice goes there (and to the new one) with it
      const before = await trx.selectFrom('customers').select(['name', 'email']).where('brand_id', '=', brandId).where('id', '=', customerId).executeTakeFirstOrThrow()
      await trx.updateTable('customers').set({ email: pending.new_email }).where('brand_id', '=', brandId).where('id', '=', customerId).execute()
      // reset links went to the old address: its mailbox must not take the account back
      await voidPasswordResets(trx, brandId, customerId, now)
      await queueEmails(
        trx,
        brandId,
        now,
        emailChangedEmails({ name: ctx.brand.name, origin: ctx.origin }, { name: before.name, oldEmail: before.email, newEmail: pending.new_email }),
      )
    })
  } catch (error) {
    if (error instanceof HttpError) throw error
    // two accounts racing for one address: the unique key (brand, email) decides
    if (await emailTaken(ctx, pending.new_email, customerId)) throw conflict(TAKEN, 'email')
    throw error
  }
  return getAccount(ctx)
}
