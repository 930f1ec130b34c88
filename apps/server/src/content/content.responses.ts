/** What the content calls answer, as the types of packages/core/src/contract/content.ts (tsc checks the match). */
import type { ContentBlock, ContentPage, Feed, FeedPost, MembershipFaq, MembershipLanding, SocialMediaLander, SocialMediaSpecial } from '@store/core'
import { z } from 'zod'
import { contract, openString } from '../http/response-schemas.ts'

export const contentBlockSchema = contract<ContentBlock>('ContentBlock')(
  z.object({
    type: openString<ContentBlock['type']>('text, video, button or image; other types are skipped'),
    body: z.string().nullable().describe('markup of a text block; the caption or alt text of the others'),
    wistia_video_id: z.string().nullable(),
    button_text: z.string().nullable(),
    link: z.string().nullable(),
    desktop_image: z.string().nullable(),
    mobile_image: z.string().nullable(),
  }),
)

export const contentPageSchema = contract<ContentPage>('ContentPage')(
  z
    .object({
      slug: z.string(),
      name: z.string(),
      body: z.string().describe("markup; '' when the page has none"),
      hide_headline: z.boolean(),
      updated_at: z.string(),
      blocks: z.array(contentBlockSchema),
    })
    .meta({ description: 'A content page with its blocks' }),
)

const feedPostSchema = contract<FeedPost>('FeedPost')(
  z.object({
    id: z.string(),
    image: z.string(),
    caption: z.string(),
    item_id: z.int().nullable(),
    link: z.string().nullable().describe("'/item/{item_id}', or null"),
  }),
)

export const feedSchema = contract<Feed>('Feed')(z.object({ bio: z.string(), instagram: z.string().nullable(), feed_posts: z.array(feedPostSchema) }))

const membershipFaqSchema = contract<MembershipFaq>('MembershipFaq')(z.object({ question: z.string(), answer: z.string().describe('markup') }))

export const membershipLandingSchema = contract<MembershipLanding>('MembershipLanding')(
  z.object({
    headline: z.string(),
    subheadline: z.string(),
    faqs: z.array(membershipFaqSchema),
    founder_letter_name: z.string().nullable(),
    founder_letter_bullets: z.array(z.string()),
    price: z.number().describe('a month, in dollars'),
    how_many: z.int().describe('items a month'),
  }),
)

const socialMediaLanderSchema = contract<SocialMediaLander>('SocialMediaLander')(z.object({ id: z.string(), headline: z.string(), image: z.string() }))

export const socialMediaSpecialSchema = contract<SocialMediaSpecial>('SocialMediaSpecial')(
  z.object({
    id: z.string(),
    permalink: z.string(),
    landing_page_headline: z.string(),
    free_shipping: z.boolean(),
    main_item_description: z.string(),
    item_id: z.int().nullable(),
    price: z.number(),
    split_test_no_lander: z.boolean(),
    split_test_landers: z.array(z.string()).describe('ids of the landers the split test picks from'),
    landers: z.array(socialMediaLanderSchema),
  }),
)
