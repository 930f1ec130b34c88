/** /api/admin/items, /items/{id}, /stock, /categories (DESIGN §8): the operator's catalogue. */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { invalidateCatalog } from '../catalog/catalog.service.ts'
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
import { adjustStock, createItem, getItem, listCategoryNames, listItems, updateItem, type CatalogCaches } from './catalog-admin.service.ts'

const tags = ['admin: catalogue']

/** The brand's cached catalogue answers and its anonymous pages (web/page-cache.ts). */
const cachesOf = (request: FastifyRequest): CatalogCaches => ({
  clear(brandId) {
    invalidateCatalog(brandId)
    request.server.pageCache.clearBrand(brandId)
  },
})

export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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
