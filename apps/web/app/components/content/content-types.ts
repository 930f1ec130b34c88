/** Content as the API answers it (apps/server/src/content/content.service.ts). */

export interface BlockImage {
  url: string
  width?: number | null
  height?: number | null
  alt?: string | null
}

export interface ContentBlockView {
  /** text, video, button, image; unknown types are skipped */
  type: string
  body?: string | null
  wistia_video_id?: string | null
  button_text?: string | null
  link?: string | null
  /** a URL, or an image with its size */
  desktop_image?: string | BlockImage | null
  mobile_image?: string | BlockImage | null
}

export interface ContentPageView {
  slug?: string
  name: string
  body?: string | null
  hide_headline?: boolean
  updated_at?: string | null
  blocks?: ContentBlockView[]
}

export interface FeedPost {
  id: string | number
  image: string
  caption: string
  item_id?: number | string | null
  link?: string | null
}

export interface Feed {
  bio: string
  instagram?: string | null
  feed_posts: FeedPost[]
}

export interface Faq {
  question: string
  answer: string
}

export interface MembershipLanding {
  headline: string
  subheadline: string
  faqs: Faq[]
  founder_letter_name?: string | null
  founder_letter_bullets: string[]
  price: number
  how_many: number
}
