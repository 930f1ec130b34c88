/** /api/admin/items/{id}/images (DESIGN §8): an item's uploaded photos, their order, alt text and focal point. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { MAX_ITEM_PHOTO_BYTES } from '../media/responsive-photos.ts'
import { mediaStorageFor } from '../media/storage.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { cachesOf } from './catalog-admin.caches.ts'
import { itemIdParams, photoAnswerSchema, photoOrderBody, photoParams, photoPatchBody, photosAnswerSchema, photoUploadBody } from './catalog-admin.schemas.ts'
import { addPhotos, changePhoto, deletePhoto, listPhotos, orderPhotos, type PhotoUpload } from './item-photos.service.ts'

const tags = ['admin: catalogue']
/** files in one upload (each up to MAX_ITEM_PHOTO_BYTES, held in memory while checked) */
const FILES_AT_ONCE = 6

/** The files of a multipart body's `file` field (one, or the field repeated), as attached by @fastify/multipart. */
function uploadsOf(file: unknown): PhotoUpload[] {
  const all = Array.isArray(file) ? file : [file]
  return all.filter((value): value is Buffer => Buffer.isBuffer(value)).map((bytes) => ({ bytes, filename: '' }))
}

export const itemPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = mediaStorageFor(app.env)

  app.get(
    '/items/:id/images',
    {
      onRequest: allow('catalog.view'),
      schema: { tags, summary: "An item's uploaded photos in order", operationId: 'adminItemPhotos', params: itemIdParams, response: answers(photosAnswerSchema) },
    },
    async (request) => ({ data: { images: await listPhotos(request.ctx, request.params.id) } }),
  )

  app.post(
    '/items/:id/images',
    {
      onRequest: allow('catalog.edit'),
      bodyLimit: FILES_AT_ONCE * MAX_ITEM_PHOTO_BYTES + 256 * 1024,
      config: { multipartOptions: { limits: { files: FILES_AT_ONCE, fileSize: MAX_ITEM_PHOTO_BYTES } } },
      schema: {
        tags,
        summary: `Upload photos (multipart \`file\`, up to ${FILES_AT_ONCE} at once), added after the item's others; the first upload replaces the drawn demo images`,
        operationId: 'adminAddItemPhotos',
        consumes: ['multipart/form-data'],
        params: itemIdParams,
        body: photoUploadBody,
        response: answers(photosAnswerSchema),
      },
    },
    async (request) => ({
      data: { images: await addPhotos(request.ctx, acting(request, 'catalog.edit').actor, cachesOf(request), storage, request.params.id, uploadsOf(request.body.file)) },
    }),
  )

  app.put(
    '/items/:id/images/order',
    {
      onRequest: allow('catalog.edit'),
      schema: {
        tags,
        summary: "Put the item's photos in order (the first is the front image)",
        operationId: 'adminOrderItemPhotos',
        params: itemIdParams,
        body: photoOrderBody,
        response: answers(photosAnswerSchema),
      },
    },
    async (request) => ({ data: { images: await orderPhotos(request.ctx, acting(request, 'catalog.edit').actor, cachesOf(request), request.params.id, request.body.ids) } }),
  )

  app.patch(
    '/items/:id/images/:photo',
    {
      onRequest: allow('catalog.edit'),
      schema: {
        tags,
        summary: "Set a photo's alt text and focal point",
        operationId: 'adminChangeItemPhoto',
        params: photoParams,
        body: photoPatchBody,
        response: answers(photoAnswerSchema),
      },
    },
    async (request) => ({
      data: { image: await changePhoto(request.ctx, acting(request, 'catalog.edit').actor, cachesOf(request), request.params.id, request.params.photo, request.body) },
    }),
  )

  app.delete(
    '/items/:id/images/:photo',
    {
      onRequest: allow('catalog.edit'),
      schema: { tags, summary: 'Delete a photo and its files', operationId: 'adminDeleteItemPhoto', params: photoParams, response: answers(photosAnswerSchema) },
    },
    async (request) => ({
      data: { images: await deletePhoto(request.ctx, acting(request, 'catalog.edit').actor, cachesOf(request), storage, request.params.id, request.params.photo) },
    }),
  )
}
