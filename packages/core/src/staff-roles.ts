/**
 * The operator area's roles and what each may do (DESIGN §8): a pure permission
 * matrix, granted per brand. Actions are grouped by domain, as Vendure and Saleor
 * group theirs (catalog, orders, customers ...); the server asks `staffMay(role,
 * action)` before any operator call, whatever the page shows.
 */

export const STAFF_ROLES = ['owner', 'manager', 'fulfilment', 'support', 'analyst'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** Every action of the operator area, by domain. */
export const STAFF_ACTIONS_BY_DOMAIN = {
  catalog: ['catalog.view', 'catalog.edit'],
  stock: ['stock.adjust'],
  orders: ['orders.view', 'orders.ship', 'orders.returns', 'orders.cancel', 'orders.refund', 'orders.note', 'orders.notify'],
  customers: ['customers.view', 'customers.edit'],
  club: ['club.act'],
  content: ['content.edit'],
  promotions: ['promotions.edit'],
  experiments: ['experiments.edit'],
  reports: ['reports.view'],
  audit: ['audit.view'],
  staff: ['staff.manage'],
  settings: ['settings.edit'],
  reviews: ['reviews.moderate'],
  messages: ['messages.answer'],
} as const

export type StaffDomain = keyof typeof STAFF_ACTIONS_BY_DOMAIN
export type StaffAction = (typeof STAFF_ACTIONS_BY_DOMAIN)[StaffDomain][number]

export const STAFF_ACTIONS: readonly StaffAction[] = Object.values(STAFF_ACTIONS_BY_DOMAIN).flat()

/** A refund by support stays within this unless the owner sets another limit (DESIGN §8: $100.00). */
export const DEFAULT_SUPPORT_REFUND_LIMIT_CENTS = 10_000

const ALL: readonly StaffAction[] = STAFF_ACTIONS

/**
 * DESIGN §8's table, action by action:
 * - owner: everything, staff and settings included;
 * - manager: catalogue, stock, content, promotions, split tests, orders (refunds
 *   included), customers, the club's actions, reports (and the audit log, to see who changed what);
 * - fulfilment: orders and their shipping addresses, pack and ship, returns and
 *   exchanges, notes on an order, stock; the catalogue to find what to adjust; no refunds, no customer pages;
 * - support: customers, orders, cancel, refunds (up to a limit), notes and the
 *   confirmation e-mail sent again, the club's actions
 *   on a member's behalf, reviews, messages;
 * - analyst: reports and lists, read only (e-mail addresses masked: `staffSeesEmails`).
 */
export const STAFF_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffAction[]>> = {
  owner: ALL,
  manager: ALL.filter((action) => !['staff.manage', 'settings.edit', 'reviews.moderate', 'messages.answer'].includes(action)),
  fulfilment: ['catalog.view', 'stock.adjust', 'orders.view', 'orders.ship', 'orders.returns', 'orders.note'],
  support: [
    'catalog.view',
    'orders.view',
    'orders.cancel',
    'orders.refund',
    'orders.note',
    'orders.notify',
    'customers.view',
    'customers.edit',
    'club.act',
    'reviews.moderate',
    'messages.answer',
  ],
  analyst: ['catalog.view', 'orders.view', 'customers.view', 'reports.view'],
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

export function isStaffAction(value: unknown): value is StaffAction {
  return typeof value === 'string' && (STAFF_ACTIONS as readonly string[]).includes(value)
}

/** Whether a role may take an action (at the brand it is granted for). */
export function staffMay(role: StaffRole, action: StaffAction): boolean {
  return STAFF_PERMISSIONS[role].includes(action)
}

/** The most a role may refund in one refund, in cents: null for no limit, 0 for none at all. */
export function refundLimitCents(role: StaffRole, supportLimitCents: number = DEFAULT_SUPPORT_REFUND_LIMIT_CENTS): number | null {
  if (!staffMay(role, 'orders.refund')) return 0
  return role === 'support' ? supportLimitCents : null
}

/** Whether a role reads customers' e-mail addresses whole (an analyst sees them masked). */
export const staffSeesEmails = (role: StaffRole): boolean => role !== 'analyst'

/** 'maria.lopez@example.com' -> 'm•••@example.com': enough to tell addresses apart by domain, not to write to one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '•••'
  return `${email[0]}•••${email.slice(at)}`
}
