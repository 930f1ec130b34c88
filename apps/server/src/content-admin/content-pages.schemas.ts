/** What the operator's content page calls take and answer (docs/admin-content.md): /api/admin/content/pages... */
import type { AdminContentPage, AdminContentPageSummary, ContentPageCopy } from '@store/core'
import { contentSlugProblem } from '@store/core'
import { z } from 'zod'
import { text } from '../catalog-admin/catalog-admin.schemas.ts'
import { contentBlockSchema, contentPageSchema } from '../content/content.responses.ts'
import { contract } from '../http/response-schemas.ts'
import { emptyIsNull, flag, imageAddress, listNamingPlaces, markup, optionalText, storeLink } from './content-fields.ts'

// ---------------------------------------------------------------- content pages

const blockBody = z
  .object({
    type: z.enum(['text', 'video', 'button', 'image'], { message: 'A block is text, a video, a button or an image' }),
    body: emptyIsNull(markup('block text', 20_000).nullable()).optional(),
    wistia_video_id: emptyIsNull(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9]{6,20}$/i, 'A Wistia video id is 6 to 20 letters or digits, as in its address')
        .nullable(),
    ).optional(),
    button_text: optionalText('button text', 80),
    link: emptyIsNull(storeLink('block').nullable()).optional(),
    desktop_image: emptyIsNull(imageAddress('desktop image').nullable()).optional(),
    mobile_image: emptyIsNull(imageAddress('mobile image').nullable()).optional(),
  })
  .superRefine((block, issue) => {
    const need = (field: keyof typeof block, message: string) => {
      if (!block[field]) issue.addIssue({ code: 'custom', path: [field], message })
    }
    if (block.type === 'video') need('wistia_video_id', 'A video block needs its Wistia video id')
    if (block.type === 'button') {
      need('button_text', 'A button needs its words')
      need('link', 'A button needs where it leads')
    }
    if (block.type === 'image') need('desktop_image', 'An image block needs its image')
    if (block.type === 'text') need('body', 'A text block needs its text')
  })

export const pageDraftBody = z.object({
  name: text('page name', 120),
  body: markup('page text', 50_000).default(''),
  hide_headline: flag('hide_headline').transform((value) => value ?? false),
  blocks: listNamingPlaces(
    'blocks',
    blockBody,
    50,
    'A page holds at most 50 blocks',
    'the blocks in their order: {type: text|image|button|video, body, wistia_video_id, button_text, link, desktop_image, mobile_image}',
  ).default([]),
})
export type PageDraftInput = z.output<typeof pageDraftBody>

/** A new page: its address (core's contentSlugProblem: not one of the storefront's own routes) and its first draft. */
export const newPageBody = pageDraftBody.extend({
  slug: z
    .string({ message: 'Give the page an address, such as summer-sale.' })
    .trim()
    .superRefine((slug, issue) => {
      const problem = contentSlugProblem(slug)
      if (problem) issue.addIssue({ code: 'custom', message: problem })
    }),
})
export type NewPageInput = z.output<typeof newPageBody>

export const pageIdParams = z.object({ id: z.string().trim().min(1).max(200) })
export const versionParams = pageIdParams.extend({
  number: z.coerce.number({ message: 'A version is a number' }).int('A version is a whole number').min(1, 'Versions start at 1').max(1_000_000),
})

const copyShape = { name: z.string(), body: z.string(), hide_headline: z.boolean(), blocks: z.array(contentBlockSchema) }
const copySchema = contract<ContentPageCopy>('ContentPageCopy')(z.object(copyShape))

const pageStatus = z.enum(['live', 'draft'])
const adminPageSchema = contract<AdminContentPage>('AdminContentPage')(
  z.object({
    id: z.string(),
    slug: z.string(),
    status: pageStatus,
    updated_at: z.string(),
    live: copySchema,
    draft: z.object({ ...copyShape, saved_at: z.string() }).nullable(),
    versions: z.array(z.object({ number: z.number().int(), published_at: z.string(), published_by: z.string().nullable(), live: z.boolean() })),
  }),
)
export const adminPageAnswer = z.object({ page: adminPageSchema })
export const pagesAnswer = z.object({
  pages: z.array(
    contract<AdminContentPageSummary>('AdminContentPageSummary')(
      z.object({ id: z.string(), slug: z.string(), status: pageStatus, name: z.string(), updated_at: z.string(), has_draft: z.boolean() }),
    ),
  ),
})
export const previewAnswer = z.object({ page: contentPageSchema })
