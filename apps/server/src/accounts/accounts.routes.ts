import type { CustomerResult } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers, okSchema } from '../http/response-schemas.ts'
import { customerResultSchema } from './accounts.responses.ts'
import { forgotBody, loginBody, registerBody, resetPasswordBody } from './accounts.schemas.ts'
import { login, logout, register, requestPasswordReset, resetPassword } from './accounts.service.ts'

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account and log in',
        operationId: 'register',
        body: registerBody,
        response: answers(customerResultSchema),
      },
    },
    async (request) => ({ data: { customer: await register(request.ctx, request.body) } satisfies CustomerResult }),
  )

  app.post(
    '/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in (throttled: docs/decisions/008-login-throttling.md)',
        operationId: 'login',
        body: loginBody,
        response: answers(customerResultSchema),
      },
    },
    async (request) => ({ data: { customer: await login(request.ctx, request.body) } satisfies CustomerResult }),
  )

  app.post('/logout', { schema: { tags: ['accounts'], summary: 'Log out', operationId: 'logout', response: answers(okSchema) } }, async (request) => {
    await logout(request.ctx)
    return { data: { ok: true } }
  })

  app.post(
    '/forgot',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a password reset link',
        operationId: 'forgotPassword',
        body: forgotBody,
        response: answers(okSchema),
      },
    },
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
        operationId: 'resetPassword',
        body: resetPasswordBody,
        response: answers(okSchema),
      },
    },
    async (request) => {
      await resetPassword(request.ctx, request.body.token, request.body.password)
      return { data: { ok: true } }
    },
  )
}
