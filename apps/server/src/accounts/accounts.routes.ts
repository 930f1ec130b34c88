import { MIN_PASSWORD_LENGTH, type CustomerResult } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { login, logout, register, requestPasswordReset, resetPassword } from './accounts.service.ts'

const email = z
  .string({ message: 'Enter your email address' })
  .trim()
  .max(254, 'That email address is too long')
  .email('Enter a valid email address')
const password = z
  .string({ message: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(200, 'That password is too long')

const newPassword = password.min(MIN_PASSWORD_LENGTH, `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`)

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account and log in',
        body: z.object({
          name: z.string({ message: 'Enter your name' }).trim().min(1, 'Enter your name').max(120, 'That name is too long'),
          email,
          password: newPassword,
        }),
      },
    },
    async (request) => ({ data: { customer: await register(request.ctx, request.body) } satisfies CustomerResult }),
  )

  app.post(
    '/login',
    {
      schema: { tags: ['accounts'], summary: 'Log in (5 failures per email in 15 minutes lock it)', body: z.object({ email, password }) },
    },
    async (request) => ({ data: { customer: await login(request.ctx, request.body) } satisfies CustomerResult }),
  )

  app.post('/logout', { schema: { tags: ['accounts'], summary: 'Log out' } }, async (request) => {
    await logout(request.ctx)
    return { data: { ok: true } }
  })

  app.post(
    '/forgot',
    { schema: { tags: ['accounts'], summary: 'Send a password reset link', body: z.object({ email }) } },
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
        body: z.object({
          token: z.string({ message: 'The reset link is incomplete' }).min(20, 'The reset link is incomplete').max(200),
          password: newPassword,
        }),
      },
    },
    async (request) => {
      await resetPassword(request.ctx, request.body.token, request.body.password)
      return { data: { ok: true } }
    },
  )
}
