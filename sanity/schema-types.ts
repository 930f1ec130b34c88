/**
 * The schema types a brand's Sanity studio imports, so its editors write the documents the store
 * reads (apps/server/src/content/sanity-documents.ts; a test holds the two together). Plain objects,
 * as `defineType` and `defineField` of the `sanity` package take them: in the studio's
 * sanity.config.ts, `schema: { types: schemaTypes }`. Images are addresses (the store's media or
 * any CDN), not Sanity assets. docs/content.md tells the whole set-up.
 */

/** What a validation rule offers that these types use (the studio passes its own Rule). */
interface Rule {
  required(): Rule
  min(length: number): Rule
}

export interface SchemaField {
  name: string
  title?: string
  type: string
  description?: string
  rows?: number
  of?: { type: string }[]
  fields?: SchemaField[]
  options?: { list?: { title: string; value: string }[]; layout?: 'radio' | 'dropdown'; source?: string; maxLength?: number }
  initialValue?: unknown
  validation?: (rule: Rule) => Rule
}

export interface SchemaType {
  name: string
  title: string
  type: 'document' | 'object'
  fields: SchemaField[]
  preview?: { select: Record<string, string> }
}

/** The store's brands, as the documents name them. */
export const BRAND_OPTIONS = [
  { title: 'PopFit Clothing', value: 'popfitclothing' },
  { title: 'CKB Intimates', value: 'ckb' },
  { title: 'Glow Lounge', value: 'glow' },
]

const brand: SchemaField = {
  name: 'brand',
  title: 'Brand',
  type: 'string',
  description: 'The store this document belongs to',
  options: { list: BRAND_OPTIONS, layout: 'dropdown' },
  validation: (rule) => rule.required(),
}

const imageRef: SchemaType = {
  name: 'imageRef',
  title: 'Image',
  type: 'object',
  fields: [
    { name: 'url', title: 'Address', type: 'string', description: 'https://… or /media/…', validation: (rule) => rule.required() },
    { name: 'width', title: 'Width (px)', type: 'number' },
    { name: 'height', title: 'Height (px)', type: 'number' },
    { name: 'alt', title: 'Text for screen readers', type: 'string' },
  ],
}

const menuLink: SchemaType = {
  name: 'menuLink',
  title: 'Link',
  type: 'object',
  fields: [
    { name: 'caption', title: 'Caption', type: 'string', validation: (rule) => rule.required() },
    { name: 'link', title: 'Link', type: 'string', description: '/category/leggings, /page/about-us…', validation: (rule) => rule.required() },
  ],
}

const contentBlock: SchemaType = {
  name: 'contentBlock',
  title: 'Block',
  type: 'object',
  fields: [
    {
      name: 'kind',
      title: 'Kind',
      type: 'string',
      options: {
        list: [
          { title: 'Text', value: 'text' },
          { title: 'Video (Wistia)', value: 'video' },
          { title: 'Button', value: 'button' },
          { title: 'Image', value: 'image' },
        ],
        layout: 'radio',
      },
      validation: (rule) => rule.required(),
    },
    {
      name: 'body',
      title: 'Text',
      type: 'text',
      rows: 6,
      description: 'Paragraphs separated by a blank line; **bold** and [text](/link). The caption or alt text of a video or image.',
    },
    { name: 'wistiaVideoId', title: 'Wistia video id', type: 'string' },
    { name: 'buttonText', title: 'Button text', type: 'string' },
    { name: 'link', title: 'Link', type: 'string' },
    { name: 'desktopImage', title: 'Desktop image address', type: 'string' },
    { name: 'mobileImage', title: 'Mobile image address', type: 'string' },
  ],
  preview: { select: { title: 'kind', subtitle: 'body' } },
}

const page: SchemaType = {
  name: 'page',
  title: 'Page',
  type: 'document',
  fields: [
    brand,
    { name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required() },
    {
      name: 'slug',
      title: 'Address',
      type: 'slug',
      description: 'The page is at /page/<address>: letters, digits, -, _ and /',
      options: { source: 'name', maxLength: 120 },
      validation: (rule) => rule.required(),
    },
    { name: 'body', title: 'Introduction', type: 'text', rows: 3 },
    { name: 'hideHeadline', title: 'Hide the headline', type: 'boolean', initialValue: false },
    { name: 'blocks', title: 'Blocks', type: 'array', of: [{ type: 'contentBlock' }] },
  ],
  preview: { select: { title: 'name', subtitle: 'slug.current' } },
}

const banner: SchemaType = {
  name: 'banner',
  title: 'Banner',
  type: 'document',
  fields: [
    brand,
    {
      name: 'placement',
      title: 'Where',
      type: 'string',
      options: {
        list: [
          { title: 'Across the top of every page', value: 'global' },
          { title: 'In the cart', value: 'cart' },
        ],
        layout: 'radio',
      },
      validation: (rule) => rule.required(),
    },
    { name: 'position', title: 'Order', type: 'number', description: 'Lower first; the first banner across the top is the one shown', initialValue: 0 },
    { name: 'link', title: 'Link (across the top)', type: 'string' },
    { name: 'desktop', title: 'Desktop image (across the top)', type: 'imageRef' },
    { name: 'mobile', title: 'Mobile image (across the top)', type: 'imageRef' },
    { name: 'text', title: 'Text (cart)', type: 'string' },
    { name: 'buttonText', title: 'Button text (cart)', type: 'string' },
    { name: 'buttonLink', title: 'Button link (cart)', type: 'string' },
    { name: 'cssClass', title: 'Style class (cart)', type: 'string' },
    { name: 'image', title: 'Image address (cart)', type: 'string' },
  ],
  preview: { select: { title: 'placement', subtitle: 'brand' } },
}

const headerMenuEntry: SchemaType = {
  name: 'headerMenuEntry',
  title: 'Header menu entry',
  type: 'object',
  fields: [
    { name: 'caption', title: 'Caption', type: 'string', validation: (rule) => rule.required() },
    { name: 'link', title: 'Link', type: 'string', validation: (rule) => rule.required() },
    { name: 'dropdownImage', title: 'Dropdown image', type: 'imageRef' },
    { name: 'children', title: 'Dropdown links', type: 'array', of: [{ type: 'menuLink' }] },
  ],
}

const footerMenuGroup: SchemaType = {
  name: 'footerMenuGroup',
  title: 'Footer column',
  type: 'object',
  fields: [
    { name: 'header', title: 'Heading', type: 'string', description: 'Empty for links without a heading' },
    { name: 'showDuringCheckout', title: 'Shown in the checkout footer too', type: 'boolean', initialValue: false },
    { name: 'links', title: 'Links', type: 'array', of: [{ type: 'menuLink' }] },
  ],
}

const storefront: SchemaType = {
  name: 'storefront',
  title: 'Menus and scrolling images',
  type: 'document',
  fields: [
    brand,
    { name: 'headerMenu', title: 'Header menu', type: 'array', of: [{ type: 'headerMenuEntry' }] },
    { name: 'footerMenu', title: 'Footer menu', type: 'array', of: [{ type: 'footerMenuGroup' }] },
    { name: 'scrollingImages', title: 'Scrolling images', type: 'array', of: [{ type: 'imageRef' }] },
  ],
  preview: { select: { title: 'brand' } },
}

const faq: SchemaType = {
  name: 'faq',
  title: 'Question',
  type: 'object',
  fields: [
    { name: 'question', title: 'Question', type: 'string', validation: (rule) => rule.required() },
    { name: 'answer', title: 'Answer', type: 'text', rows: 4, validation: (rule) => rule.required() },
  ],
}

const membershipLanding: SchemaType = {
  name: 'membershipLanding',
  title: 'Club landing',
  type: 'document',
  fields: [
    brand,
    { name: 'headline', title: 'Headline', type: 'string', validation: (rule) => rule.required() },
    { name: 'subheadline', title: 'Subheadline', type: 'string' },
    { name: 'faqs', title: 'Questions', type: 'array', of: [{ type: 'faq' }] },
    { name: 'founderLetterName', title: "Founder's letter: signed by", type: 'string' },
    { name: 'founderLetterBullets', title: "Founder's letter: points", type: 'array', of: [{ type: 'string' }] },
  ],
  preview: { select: { title: 'headline', subtitle: 'brand' } },
}

/** Every type, documents and the objects they hold: the studio's `schema.types`. */
export const schemaTypes: SchemaType[] = [page, contentBlock, banner, storefront, headerMenuEntry, footerMenuGroup, menuLink, imageRef, membershipLanding, faq]
