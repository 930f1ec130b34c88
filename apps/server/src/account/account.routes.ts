import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { accountInfo, changeEmailBody, changeNameBody, changePasswordBody, confirmEmailBody, emailChangeRequested, okAnswer } from './account.schemas.ts'
import { changeName, changePassword, confirmEmailChange, getAccount, requestEmailChange } from './account.service.ts'

const tags = ['account']
const accountAnswer = { 200: z.object({ data: accountInfo }) }

export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/account', { schema: { tags, summary: "The logged-in customer's account (401 for a visitor)", response: accountAnswer } }, async (request) => ({
    data: await getAccount(request.ctx),
  }))

  app.post(
    '/account/password',
    {
      schema: {
        tags,
        summary: 'Change the password (current one required); every other session ends, this one gets a new cookie',
        body: changePasswordBody,
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      await changePassword(request.ctx, request.body)
      return { data: { ok: true as const } }
    },
  )

  app.post('/account/name', { schema: { tags, summary: 'Change the name', body: changeNameBody, response: accountAnswer } }, async (request) => ({
    data: await changeName(request.ctx, request.body),
  }))

  app.post(
    '/account/email',
    {
      schema: {
        tags,
        summary: 'Ask to change the e-mail address: a confirmation link goes to the new address',
        body: changeEmailBody,
        response: { 200: z.object({ data: emailChangeRequested }) },
      },
    },
    async (request) => ({ data: await requestEmailChange(request.ctx, request.body) }),
  )

  app.post(
    '/account/email/confirm',
    { schema: { tags, summary: 'Confirm the new e-mail address with the token of its link (logged in)', body: confirmEmailBody, response: accountAnswer } },
    async (request) => ({ data: await confirmEmailChange(request.ctx, request.body.token) }),
  )
}
