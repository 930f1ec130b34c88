import type { CustomerResult } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { forgotBody, loginBody, registerBody, resetPasswordBody } from './accounts.schemas.ts'
import { login, logout, register, requestPasswordReset, resetPassword } from './accounts.service.ts'

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account and log in',
        body: registerBody,
      },
    },
    async (request) => ({ data: { customer: await register(request.ctx, request.body) } satisfies CustomerResult }),
  )

  app.post(
    '/login',
    {
      schema: { tags: ['accounts'], summary: 'Log in (5 failures per email in 15 minutes lock it)', body: loginBody },
    },
    async (request) => ({ data: { customer: await login(request.ctx, request.body) } satisfies CustomerResult }),
  )

  app.post('/logout', { schema: { tags: ['accounts'], summary: 'Log out' } }, async (request) => {
    await logout(request.ctx)
    return { data: { ok: true } }
  })

  app.post(
    '/forgot',
    { schema: { tags: ['accounts'], summary: 'Send a password reset link', body: forgotBody } },
    async (request) => {
      await requestPasswordReset(request.ctx, request.body.email)
      return { data: { ok: true } }
    },
  )

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset link',
        body: resetPasswordBody,
      },
    },
    async (request) => {
      await resetPassword(request.ctx, request.body.token, request.body.password)
      return { data: { ok: true } }
    },
  )
}
