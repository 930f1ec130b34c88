import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { okAnswer } from '../account/account.schemas.ts'
import { addressBody, addressEntry, addressParams, defaultAddressesSchema, defaultBody } from './addresses.schemas.ts'
import { defaultAddresses, deleteAddress, listAddresses, saveAddress, setDefaultAddress } from './addresses.service.ts'

const tags = ['addresses']

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/addresses', { schema: { tags, summary: "The logged-in customer's address book", response: { 200: z.object({ data: z.array(addressEntry) }) } } }, async (request) => ({
    data: await listAddresses(request.ctx),
  }))

  app.get(
    '/addresses/defaults',
    {
      schema: {
        tags,
        summary: 'The default shipping and billing addresses (checkout prefill; both null for a visitor)',
        response: { 200: z.object({ data: defaultAddressesSchema }) },
      },
    },
    async (request) => ({ data: await defaultAddresses(request.ctx) }),
  )

  app.post('/addresses', { schema: { tags, summary: 'Add an address', body: addressBody, response: { 200: z.object({ data: addressEntry }) } } }, async (request) => ({
    data: await saveAddress(request.ctx, request.body),
  }))

  app.post(
    '/addresses/:id',
    { schema: { tags, summary: 'Change an address', params: addressParams, body: addressBody, response: { 200: z.object({ data: addressEntry }) } } },
    async (request) => ({ data: await saveAddress(request.ctx, request.body, request.params.id) }),
  )

  app.post('/addresses/:id/remove', { schema: { tags, summary: 'Delete an address', params: addressParams, response: { 200: okAnswer } } }, async (request) => {
    await deleteAddress(request.ctx, request.params.id)
    return { data: { ok: true as const } }
  })

  app.post(
    '/addresses/:id/default',
    {
      schema: {
        tags,
        summary: 'Make an address the default of its type',
        params: addressParams,
        body: defaultBody.optional(),
        response: { 200: z.object({ data: addressEntry }) },
      },
    },
    async (request) => ({ data: await setDefaultAddress(request.ctx, request.params.id, request.body?.address_type) }),
  )
}
