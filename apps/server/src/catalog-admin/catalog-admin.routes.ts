/** /api/admin/items, /items/{id}, /stock, /categories (DESIGN §8): the operator's catalogue; its photos and CSV in routes of their own. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import {
  categoriesSchema,
  itemAnswerSchema,
  itemIdParams,
  itemPageSchema,
  itemPatchBody,
  itemsPageSchema,
  itemsQuery,
  newItemBody,
  stockAnswerSchema,
  stockBody,
} from './catalog-admin.schemas.ts'
import { cachesOf } from './catalog-admin.caches.ts'
import { adjustStock, createItem, getItem, listCategoryNames, listItems, updateItem } from './catalog-admin.service.ts'
import { itemPhotoRoutes } from './item-photos.routes.ts'
import { itemsCsvRoutes } from './items-csv.routes.ts'

const tags = ['admin: catalogue']

export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(itemPhotoRoutes)
  await app.register(itemsCsvRoutes)

  app.get(
    '/items',
    {
      onRequest: allow('catalog.view'),
      schema: { tags, summary: 'Items, searched and paged by cursor', operationId: 'adminListItems', querystring: itemsQuery, response: answers(itemsPageSchema) },
    },
    async (request) => ({ data: await listItems(request.ctx, request.query) }),
  )

  app.get(
    '/items/:id',
    {
      onRequest: allow('catalog.view'),
      schema: { tags, summary: 'One item with its sizes, stock and recent adjustments', operationId: 'adminGetItem', params: itemIdParams, response: answers(itemPageSchema) },
    },
    async (request) => ({ data: { item: await getItem(request.ctx, request.params.id) } }),
  )

  app.post(
    '/items',
    {
      onRequest: allow('catalog.edit'),
      schema: { tags, summary: 'Add an item (a draft unless published)', operationId: 'adminCreateItem', body: newItemBody, response: answers(itemAnswerSchema) },
    },
    async (request) => ({ data: { item: await createItem(request.ctx, acting(request, 'catalog.edit').actor, cachesOf(request), request.body) } }),
  )

  app.patch(
    '/items/:id',
    {
      onRequest: allow('catalog.edit'),
      schema: { tags, summary: 'Change an item', operationId: 'adminUpdateItem', params: itemIdParams, body: itemPatchBody, response: answers(itemAnswerSchema) },
    },
    async (request) => ({ data: { item: await updateItem(request.ctx, acting(request, 'catalog.edit').actor, cachesOf(request), request.params.id, request.body) } }),
  )

  app.post(
    '/stock',
    {
      onRequest: allow('stock.adjust'),
      schema: { tags, summary: 'Set the stock of one size, with the reason', operationId: 'adminAdjustStock', body: stockBody, response: answers(stockAnswerSchema) },
    },
    async (request) => ({ data: { stock: await adjustStock(request.ctx, acting(request, 'stock.adjust').actor, cachesOf(request), request.body) } }),
  )

  app.get(
    '/categories',
    {
      onRequest: allow('catalog.view'),
      schema: { tags, summary: "The brand's categories (for the item form)", operationId: 'adminCategories', response: answers(categoriesSchema) },
    },
    async (request) => ({ data: { categories: await listCategoryNames(request.ctx) } }),
  )
}
