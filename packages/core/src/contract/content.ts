/**
 * Content as the API answers it: GET /content/pages/{slug}, /feed,
 * /membership-landing and /social-media-specials/{id} (SPEC §3, snake_case).
 * Money is decimal dollars.
 */

/** A block of a content page: text, video, button or image; other types are skipped. */
export interface ContentBlock {
  type: 'text' | 'video' | 'button' | 'image' | (string & {})
  /** markup of a text block; the caption or alt text of the others */
  body: string | null
  wistia_video_id: string | null
  button_text: string | null
  link: string | null
  /** image addresses (the size, when known, is in the address: '-1600x600-') */
  desktop_image: string | null
  mobile_image: string | null
}

export interface ContentPage {
  slug: string
  name: string
  /** markup; '' when the page has none */
  body: string
  hide_headline: boolean
  updated_at: string
  blocks: ContentBlock[]
}

/** A post of Shop Our Feed, linking to the item it shows. */
export interface FeedPost {
  id: string
  /** image address */
  image: string
  caption: string
  item_id: number | null
  /** '/item/{item_id}', or null */
  link: string | null
}

export interface Feed {
  bio: string
  /** Instagram page address */
  instagram: string | null
  feed_posts: FeedPost[]
}

export interface MembershipFaq {
  question: string
  /** markup */
  answer: string
}

/** The club's landing copy. */
export interface MembershipLanding {
  headline: string
  subheadline: string
  faqs: MembershipFaq[]
  founder_letter_name: string | null
  founder_letter_bullets: string[]
  /** a month */
  price: number
  /** items a month */
  how_many: number
}

/** A landing page variant of a social media special. */
export interface SocialMediaLander {
  id: string
  headline: string
  /** image address */
  image: string
}

export interface SocialMediaSpecial {
  id: string
  permalink: string
  landing_page_headline: string
  free_shipping: boolean
  main_item_description: string
  item_id: number | null
  price: number
  split_test_no_lander: boolean
  /** ids of the landers the split test picks from */
  split_test_landers: string[]
  landers: SocialMediaLander[]
}
