/**
 * /api/admin/content/... and /api/admin/settings (docs/admin-content.md): content pages with
 * drafts, previews, publishing and versions; the menus; the global banner and scrolling images;
 * the club's landing; the sizing guide (owner and manager: content.edit); the store settings
 * (the owner: settings.edit). Where the content comes from Sanity, content calls answer 409.
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { contentCachesOf, refuseWhenEditedElsewhere } from './content-caches.ts'
import { adminPageAnswer, newPageBody, pageDraftBody, pageIdParams, pagesAnswer, previewAnswer, versionParams } from './content-pages.schemas.ts'
import {
  globalBannerAnswer,
  globalBannerBody,
  membershipLandingAnswer,
  membershipLandingBody,
  menuLinkPatchBody,
  menuOrderBody,
  menusAnswer,
  newMenuLinkBody,
  scrollingImagesAnswer,
  scrollingImagesBody,
  sizingGuideAnswer,
  sizingGuideBody,
} from './store-content.schemas.ts'
import { settingsAnswer, settingsPatchBody } from './settings-admin.schemas.ts'
import {
  createContentPage,
  discardContentDraft,
  getContentPageForStaff,
  listContentPages,
  previewContentPage,
  publishContentPage,
  restoreContentVersion,
  retireContentPage,
  saveContentDraft,
} from './content-pages.service.ts'
import { addMenuLink, listMenus, removeMenuLink, reorderMenu, updateMenuLink } from './menus.service.ts'
import {
  getGlobalBanner,
  getLandingForStaff,
  getScrollingImages,
  getSizingGuide,
  saveGlobalBanner,
  saveLanding,
  saveScrollingImages,
  saveSizingGuide,
} from './store-content.service.ts'
import { getSettingsForStaff, updateStoreSettings } from './store-settings-admin.service.ts'

const tags = ['admin: content']

/** The content editor acting: content.edit, and the content is edited here (not in Sanity Studio). */
const editor = (request: FastifyRequest) => {
  refuseWhenEditedElsewhere(request.ctx)
  return acting(request, 'content.edit').actor
}

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // every content call, read or write: the door first (401/403), then where the content is edited (409)
  app.addHook('onRequest', allow('content.edit'))
  app.addHook('onRequest', async (request) => refuseWhenEditedElsewhere(request.ctx))

  app.get(
    '/content/pages',
    { schema: { tags, summary: 'The content pages, with whether each has a draft', operationId: 'adminListContentPages', response: answers(pagesAnswer) } },
    async (request) => ({ data: { pages: await listContentPages(request.ctx) } }),
  )
  app.post(
    '/content/pages',
    {
      schema: {
        tags,
        summary: 'Make a page: its address and first draft (the storefront answers 404 there until it is published)',
        operationId: 'adminCreateContentPage',
        body: newPageBody,
        response: answers(adminPageAnswer),
      },
    },
    async (request) => ({ data: { page: await createContentPage(request.ctx, editor(request), request.body) } }),
  )
  app.delete(
    '/content/pages/:id',
    {
      schema: {
        tags,
        summary: 'Delete (retire) a page: the storefront answers 404 at its address; its versions and audit entries are kept',
        operationId: 'adminRetireContentPage',
        params: pageIdParams,
        response: answers(pagesAnswer),
      },
    },
    async (request) => {
      await retireContentPage(request.ctx, editor(request), contentCachesOf(request), request.params.id)
      return { data: { pages: await listContentPages(request.ctx) } }
    },
  )
  app.get(
    '/content/pages/:id',
    { schema: { tags, summary: 'A content page: live, its draft and its versions', operationId: 'adminGetContentPage', params: pageIdParams, response: answers(adminPageAnswer) } },
    async (request) => ({ data: { page: await getContentPageForStaff(request.ctx, request.params.id) } }),
  )
  app.put(
    '/content/pages/:id/draft',
    {
      schema: {
        tags,
        summary: "Save the page's draft (the storefront does not change)",
        operationId: 'adminSaveContentDraft',
        params: pageIdParams,
        body: pageDraftBody,
        response: answers(adminPageAnswer),
      },
    },
    async (request) => ({ data: { page: await saveContentDraft(request.ctx, editor(request), request.params.id, request.body) } }),
  )
  app.post(
    '/content/pages/:id/draft/discard',
    { schema: { tags, summary: "Throw the page's draft away", operationId: 'adminDiscardContentDraft', params: pageIdParams, response: answers(adminPageAnswer) } },
    async (request) => ({ data: { page: await discardContentDraft(request.ctx, editor(request), request.params.id) } }),
  )
  app.get(
    '/content/pages/:id/preview',
    {
      schema: {
        tags,
        summary: 'The page as the storefront will show it once the draft is published',
        operationId: 'adminPreviewContentPage',
        params: pageIdParams,
        response: answers(previewAnswer),
      },
    },
    async (request) => ({ data: { page: await previewContentPage(request.ctx, request.params.id) } }),
  )
  app.post(
    '/content/pages/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish the draft (the page before is kept as a version)',
        operationId: 'adminPublishContentPage',
        params: pageIdParams,
        response: answers(adminPageAnswer),
      },
    },
    async (request) => ({ data: { page: await publishContentPage(request.ctx, editor(request), contentCachesOf(request), request.params.id) } }),
  )
  app.post(
    '/content/pages/:id/versions/:number/restore',
    { schema: { tags, summary: 'Publish an earlier version again', operationId: 'adminRestoreContentVersion', params: versionParams, response: answers(adminPageAnswer) } },
    async (request) => ({ data: { page: await restoreContentVersion(request.ctx, editor(request), contentCachesOf(request), request.params.id, request.params.number) } }),
  )

  app.get('/content/menus', { schema: { tags, summary: 'The header and footer menus', operationId: 'adminListMenus', response: answers(menusAnswer) } }, async (request) => ({
    data: { menus: await listMenus(request.ctx) },
  }))
  app.post(
    '/content/menus',
    { schema: { tags, summary: 'Add a link to a menu (at its end)', operationId: 'adminAddMenuLink', body: newMenuLinkBody, response: answers(menusAnswer) } },
    async (request) => ({ data: { menus: await addMenuLink(request.ctx, editor(request), contentCachesOf(request), request.body) } }),
  )
  app.post(
    '/content/menus/reorder',
    { schema: { tags, summary: "Put a menu's links in a new order", operationId: 'adminReorderMenu', body: menuOrderBody, response: answers(menusAnswer) } },
    async (request) => ({ data: { menus: await reorderMenu(request.ctx, editor(request), contentCachesOf(request), request.body.menu, request.body.ids) } }),
  )
  app.patch(
    '/content/menus/:id',
    { schema: { tags, summary: 'Change a menu link', operationId: 'adminUpdateMenuLink', params: pageIdParams, body: menuLinkPatchBody, response: answers(menusAnswer) } },
    async (request) => ({ data: { menus: await updateMenuLink(request.ctx, editor(request), contentCachesOf(request), request.params.id, request.body) } }),
  )
  app.post(
    '/content/menus/:id/remove',
    { schema: { tags, summary: 'Remove a menu link (and its dropdown)', operationId: 'adminRemoveMenuLink', params: pageIdParams, response: answers(menusAnswer) } },
    async (request) => ({ data: { menus: await removeMenuLink(request.ctx, editor(request), contentCachesOf(request), request.params.id) } }),
  )

  app.get('/content/banner', { schema: { tags, summary: 'The global banner', operationId: 'adminGetGlobalBanner', response: answers(globalBannerAnswer) } }, async (request) => ({
    data: { banner: await getGlobalBanner(request.ctx) },
  }))
  app.put(
    '/content/banner',
    { schema: { tags, summary: 'Set the global banner', operationId: 'adminSaveGlobalBanner', body: globalBannerBody, response: answers(globalBannerAnswer) } },
    async (request) => ({ data: { banner: await saveGlobalBanner(request.ctx, editor(request), contentCachesOf(request), request.body) } }),
  )

  app.get(
    '/content/scrolling-images',
    { schema: { tags, summary: "The home page's scrolling images", operationId: 'adminGetScrollingImages', response: answers(scrollingImagesAnswer) } },
    async (request) => ({ data: { images: await getScrollingImages(request.ctx) } }),
  )
  app.put(
    '/content/scrolling-images',
    {
      schema: {
        tags,
        summary: 'Set the scrolling images, in their order',
        operationId: 'adminSaveScrollingImages',
        body: scrollingImagesBody,
        response: answers(scrollingImagesAnswer),
      },
    },
    async (request) => ({ data: { images: await saveScrollingImages(request.ctx, editor(request), contentCachesOf(request), request.body.images) } }),
  )

  app.get(
    '/content/membership-landing',
    { schema: { tags, summary: "The club's landing copy", operationId: 'adminGetMembershipLanding', response: answers(membershipLandingAnswer) } },
    async (request) => ({ data: { landing: await getLandingForStaff(request.ctx) } }),
  )
  app.patch(
    '/content/membership-landing',
    {
      schema: {
        tags,
        summary: "Change the club's landing copy (its price is the club's)",
        operationId: 'adminSaveMembershipLanding',
        body: membershipLandingBody,
        response: answers(membershipLandingAnswer),
      },
    },
    async (request) => ({ data: { landing: await saveLanding(request.ctx, editor(request), contentCachesOf(request), request.body) } }),
  )

  app.get(
    '/content/sizing-guide',
    { schema: { tags, summary: 'The sizing guide', operationId: 'adminGetSizingGuide', response: answers(sizingGuideAnswer) } },
    async (request) => ({
      data: { rows: await getSizingGuide(request.ctx) },
    }),
  )
  app.put(
    '/content/sizing-guide',
    { schema: { tags, summary: 'Set the sizing guide, in its order', operationId: 'adminSaveSizingGuide', body: sizingGuideBody, response: answers(sizingGuideAnswer) } },
    async (request) => ({ data: { rows: await saveSizingGuide(request.ctx, editor(request), contentCachesOf(request), request.body.rows) } }),
  )
}

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { onRequest: allow('settings.edit'), schema: { tags, summary: 'The store settings an owner edits', operationId: 'adminGetSettings', response: answers(settingsAnswer) } },
    async (request) => ({ data: { settings: await getSettingsForStaff(request.ctx) } }),
  )
  app.patch(
    '/settings',
    {
      onRequest: allow('settings.edit'),
      schema: { tags, summary: 'Change store settings (only the fields given)', operationId: 'adminUpdateSettings', body: settingsPatchBody, response: answers(settingsAnswer) },
    },
    async (request) => ({
      data: { settings: await updateStoreSettings(request.ctx, acting(request, 'settings.edit').actor, contentCachesOf(request), request.body) },
    }),
  )
}

export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(contentRoutes)
  await app.register(settingsRoutes)
}
