/**
 * The HTTP contract (DESIGN §4): the shapes of the API's answers, declared once.
 * The server annotates its services with these types, so tsc proves it produces
 * them; the storefront reads the answers through them. Types only.
 */
export type * from './accounts.ts'
export type * from './admin.ts'
export type * from './admin-orders.ts'
export type * from './admin-customers.ts'
export type * from './admin-content.ts'
export type * from './brand.ts'
export type * from './club-admin.ts'
export type * from './cart.ts'
export type * from './catalog.ts'
export type * from './checkout.ts'
export type * from './content.ts'
export type * from './experiments.ts'
export type * from './members.ts'
export type * from './membership.ts'
export type * from './orders.ts'
export type * from './payment-methods.ts'
export type * from './reports.ts'
export type * from './settings.ts'
export type * from './services.ts'
export type * from './tracking.ts'
export type * from './promotions.ts'
