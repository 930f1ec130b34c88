/**
 * The operator API under /api/admin (DESIGN §8): the staff session is read for
 * every call, and each route says which action it needs (staff-guard.ts).
 */
import type { FastifyPluginAsync } from 'fastify'
import { catalogAdminRoutes } from '../catalog-admin/catalog-admin.routes.ts'
import { experimentsAdminRoutes } from '../experiments/experiments-admin.routes.ts'
import { promotionsRoutes } from '../promotions/promotions.routes.ts'
import { reportRoutes } from '../reports/reports.routes.ts'
import { ordersAdminRoutes } from '../orders-admin/orders-admin.routes.ts'
import { messagesAdminRoutes } from '../customer-service/messages-admin.routes.ts'
import { customersAdminRoutes } from '../customers-admin/customers-admin.routes.ts'
import { reviewsAdminRoutes } from '../reviews/reviews-admin.routes.ts'
import { clubAdminRoutes } from '../club-admin/club-admin.routes.ts'
import { contentAdminRoutes } from '../content-admin/content-admin.routes.ts'
import { auditRoutes } from './audit.routes.ts'
import { registerStaffSession } from './staff-guard.ts'
import { staffRoutes } from './staff.routes.ts'

export const adminApi: FastifyPluginAsync = async (admin) => {
  registerStaffSession(admin)
  await admin.register(staffRoutes)
  await admin.register(auditRoutes)
  await admin.register(catalogAdminRoutes)
  await admin.register(promotionsRoutes)
  await admin.register(experimentsAdminRoutes)
  await admin.register(reportRoutes)
  await admin.register(ordersAdminRoutes)
  await admin.register(customersAdminRoutes)
  await admin.register(reviewsAdminRoutes)
  await admin.register(messagesAdminRoutes)
  await admin.register(clubAdminRoutes)
  await admin.register(contentAdminRoutes)
}
