/**
 * The operator's customers (DESIGN §8, docs/admin-customers.md): search, one
 * customer's page, and the actions a customer asks support for: a password reset
 * (the shoppers' own reset e-mail), a copy of their data, the erasure of it.
 * An analyst reads e-mail addresses masked (@store/core staffSeesEmails).
 */
import { maskEmail, staffSeesEmails, type AdminCustomer, type AdminCustomerRow, type AdminMessage, type StaffRole } from '@store/core'
import { queuePasswordReset } from '../accounts/accounts.service.ts'
import type { RequestContext } from '../context/request-context.ts'
import { conflict, notFound } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import { eraseCustomer, type ErasedCounts } from './customer-erase.ts'
import { exportCustomer } from './customer-export.ts'
import { customerFile, findCustomerRow, searchCustomers, type CustomerFile, type CustomerSearch } from './customer-queries.ts'

/** What a role reads of an address: whole, or masked for an analyst. */
const emailFor = (role: StaffRole) => (email: string) => (staffSeesEmails(role) ? email : maskEmail(email))

function rowFor(role: StaffRole, row: AdminCustomerRow): AdminCustomerRow {
  return { ...row, email: emailFor(role)(row.email) }
}

export async function listCustomers(ctx: RequestContext, role: StaffRole, input: CustomerSearch): Promise<{ customers: AdminCustomerRow[]; next_cursor: string | null }> {
  const page = await searchCustomers(ctx.data.db, ctx.data.brandId, input)
  return { ...page, customers: page.customers.map((row) => rowFor(role, row)) }
}

function customerView(role: StaffRole, file: CustomerFile): AdminCustomer {
  const { row } = file
  const email = emailFor(role)
  const phone = (file.addresses.find((a) => a.default && a.phone) ?? file.addresses.find((a) => a.phone))?.phone ?? null
  return {
    id: row.id,
    name: row.name,
    email: email(row.email),
    phone,
    created_at: row.created_at,
    has_club: row.has_club === 1,
    order_count: file.orders.length,
    erased_at: row.erased_at,
    birthday: row.birthday_month && row.birthday_day ? `${String(row.birthday_month).padStart(2, '0')}-${String(row.birthday_day).padStart(2, '0')}` : null,
    orders: file.orders,
    addresses: file.addresses,
    membership: file.membership,
    reviews: file.reviews,
    messages: file.messages.map((message): AdminMessage => ({ ...message, email: email(message.email) })),
  }
}

async function requireCustomer(ctx: RequestContext, id: string) {
  const row = await findCustomerRow(ctx.data.db, ctx.data.brandId, id)
  if (!row) throw notFound('There is no such customer in this store.')
  return row
}

export async function getCustomer(ctx: RequestContext, role: StaffRole, id: string): Promise<AdminCustomer> {
  const row = await requireCustomer(ctx, id)
  return customerView(role, await customerFile(ctx.data.db, ctx.data.brandId, row))
}

/** Sends the customer the shoppers' own reset e-mail (a link valid for an hour); audited with the e-mail in its transaction. */
export async function sendPasswordReset(ctx: RequestContext, actor: AuditActor, id: string): Promise<{ sent_to: string }> {
  const row = await requireCustomer(ctx, id)
  if (row.erased_at) throw conflict("This customer's data was erased at their request: there is no account to reset.")
  await ctx.data.db.transaction().execute(async (trx) => {
    await queuePasswordReset(trx, { id: ctx.data.brandId, name: ctx.brand.name, origin: ctx.origin }, row, actor.now())
    await audited(trx, actor, { action: 'customer.password_reset', entity: 'customer', id: row.id, after: { reset_link_sent: true } })
  })
  return { sent_to: row.email }
}

/** The customer's data as a JSON document; who took a copy is audited (what they took is not copied into the log). */
export async function customerExport(ctx: RequestContext, actor: AuditActor, id: string) {
  const document = await exportCustomer(ctx.data.db, ctx.data.brandId, id, actor.now().toISOString())
  await audited(ctx.data.db, actor, { action: 'customer.export', entity: 'customer', id, after: { exported: true } })
  return document
}

/** Erases the customer's personal data (customer-erase.ts), then ends every session they have. */
export async function eraseOnRequest(ctx: RequestContext, actor: AuditActor, role: StaffRole, id: string): Promise<{ customer: AdminCustomer; erased: ErasedCounts }> {
  const erased = await eraseCustomer(ctx.data.store, actor, id)
  await ctx.session.endCustomerSessions(id)
  return { customer: await getCustomer(ctx, role, id), erased }
}
