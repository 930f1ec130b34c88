/**
 * Content pages (FAQ, terms, about, VIP terms, care, do-not-sell, contact, clearance and
 * drop landings, glow's home page) with their blocks, and the "shop our feed" posts.
 *
 * Text blocks are plain paragraphs separated by blank lines; the only markup is
 * **bold** and [link text](/path).
 */
import type { BrandId } from '../../brands/registry.ts'
import { bannerUrl, productImageUrl } from '../../media/media.service.ts'
import type { SeededItem } from './catalog.ts'
import { clubRuleAnswers, clubTerms, type ClubTerms } from './club.ts'
import { PREFIX } from './constants.ts'
import { createRandom, hashSeed, insertBatches, type Rows, type SeedDb } from './random.ts'

type Block = { type: 'text'; body: string } | { type: 'video'; wistia: string; body?: string } | { type: 'button'; text: string; link: string } | { type: 'image'; text: string }

interface PageDef {
  slug: string
  name: string
  body: string
  hideHeadline?: boolean
  blocks: Block[]
}

interface BrandWords {
  store: string
  product: string
  shipping: string
  threshold: string
  policies: string
  hasClub: boolean
  email: string
  support: string
}

function words(brandId: BrandId): BrandWords {
  const policies = brandId === 'ckb' ? '/page/ckb-store-policies' : '/page/store-policies'
  if (brandId === 'popfitclothing')
    return {
      store: 'PopFit Clothing',
      product: 'leggings',
      shipping: '$5.95',
      threshold: '$50',
      policies,
      hasClub: true,
      email: 'help@popfitclothing.com',
      support: 'Monday to Friday, 9am to 6pm ET',
    }
  if (brandId === 'ckb')
    return {
      store: 'CKB Intimates',
      product: 'underwear',
      shipping: '$4.95',
      threshold: '$45',
      policies,
      hasClub: true,
      email: 'care@ckbintimates.com',
      support: 'Monday to Friday, 9am to 5pm PT',
    }
  return {
    store: 'Glow Lounge',
    product: 'loungewear',
    shipping: '$6.95',
    threshold: '$75',
    policies,
    hasClub: false,
    email: 'hello@glowlounge.com',
    support: 'Every day, 10am to 6pm ET',
  }
}

function faq(w: BrandWords, brandId: BrandId, c: ClubTerms): Block[] {
  const blocks: Block[] = [
    {
      type: 'text',
      body: `**Shipping**\n\nOrders ship within 1-2 business days from our warehouse. Standard shipping is ${w.shipping} and free on orders over ${w.threshold}. You will get a tracking number by e-mail as soon as your order ships, and you can follow it any time on the [order tracker](/tracker).`,
    },
    {
      type: 'text',
      body: `**Returns**\n\nUnworn items with their tags can be returned within 30 days of delivery for a refund to the original payment method. Items marked final sale, including clearance, cannot be returned.${brandId === 'ckb' ? ' For hygiene reasons, underwear and thongs can only be returned unopened in their original packaging.' : ''}`,
    },
    {
      type: 'text',
      body: '**Exchanges**\n\nNeed a different size or colour? Exchanges are free within 30 days. [Contact us](/contact-us) with your order number and we will send a prepaid label.',
    },
  ]
  if (w.hasClub) {
    blocks.push({
      type: 'text',
      body: `**VIP billing**\n\nVIP is ${c.monthly} a month, billed on the day you join and on the same day each month after. Each month you receive a new pair of ${w.product} and ${c.discount}% off everything in the store. In the [Members Area](/members) you can skip a month or pause up to ${c.cutoffDays} days before your billing date (a paused month costs ${c.pause} instead of ${c.monthly}, until you resume), and cancel any time. The full rules are in the [VIP terms](/vipterms).`,
    })
  }
  blocks.push(
    {
      type: 'text',
      body: `**Privacy**\n\nWe only use your information to run your orders${w.hasClub ? ' and membership' : ''} and to improve our store. We never sell your personal information; you can opt out of data sharing for advertising on our [do not sell my personal information](/dnsmpi) page.`,
    },
    { type: 'button', text: 'Still have questions? Contact us', link: '/contact-us' },
  )
  return blocks
}

function pages(brandId: BrandId, c: ClubTerms): PageDef[] {
  const w = words(brandId)
  const rules = clubRuleAnswers(c)
  const list: PageDef[] = [
    { slug: 'store-policies', name: 'FAQ', body: `Answers to the questions we hear most at ${w.store}.`, blocks: faq(w, brandId, c) },
    {
      slug: 'terms',
      name: 'Terms & Conditions',
      body: `These terms apply to every purchase from ${w.store}.`,
      blocks: [
        {
          type: 'text',
          body: `**Using our store**\n\nBy placing an order with ${w.store} you agree to these terms. Prices are in US dollars and include any discount shown in your cart. We may correct pricing errors before your order ships.`,
        },
        {
          type: 'text',
          body: `**Orders and payment**\n\nYour card is charged when you place your order. If an item sells out before we can ship it, we refund that item in full.\n\nSee our [store policies](${w.policies}) for shipping, returns and exchanges.`,
        },
        { type: 'text', body: '**Contact**\n\nQuestions about these terms? [Contact us](/contact-us).' },
      ],
    },
    {
      slug: 'about-us',
      name: 'About Us',
      body: `${w.store} makes ${w.product} people actually love to wear.`,
      blocks: [
        { type: 'image', text: `The ${w.store} story` },
        {
          type: 'text',
          body: `We started ${w.store} because we could not find ${w.product} that were soft, well made and fairly priced, in every size. So we made our own.\n\nToday we design every piece in-house and test each fabric for months before it reaches you. **Comfort first, always.**`,
        },
        { type: 'video', wistia: `${PREFIX[brandId]}about01`, body: 'Meet the team' },
        {
          type: 'button',
          text: `Shop ${w.product}`,
          link: brandId === 'popfitclothing' ? '/category/leggings' : brandId === 'ckb' ? '/category/underwear' : '/category/loungewear',
        },
      ],
    },
    {
      slug: 'vipterms',
      name: 'VIP Terms',
      body: w.hasClub ? 'The terms of the VIP membership.' : `${w.store} does not offer a VIP membership at this time.`,
      blocks: w.hasClub
        ? [
            {
              type: 'text',
              body: `**Membership**\n\nVIP is a monthly membership for ${c.monthly}. Each month you receive a new pair of ${w.product} chosen for you and ${c.discount}% off everything in the store for as long as you are a member.`,
            },
            {
              type: 'text',
              body: '**Billing**\n\nYou are billed on the day you join and on the same day each following month until you cancel. If a payment fails we try again up to five times over the next seven days and you keep member prices meanwhile; if every try fails, your membership ends.',
            },
            { type: 'text', body: `**Skip, pause and cancel**\n\n${rules.skip}\n\n${rules.pause}\n\n${rules.cancel}` },
            { type: 'text', body: `**Exchanges**\n\nMonthly picks can be exchanged for free within 30 days. See our [store policies](${w.policies}).` },
          ]
        : [{ type: 'text', body: `Shop all ${w.product} on our [home page](/).` }],
    },
    {
      slug: 'care',
      name: 'Care Guide',
      body: `Keep your ${w.product} soft for years.`,
      blocks: [
        {
          type: 'text',
          body: '**Washing**\n\nMachine wash cold, inside out, with like colours. Use a mild detergent and skip the fabric softener: it coats the fibres and dulls the stretch.',
        },
        { type: 'text', body: '**Drying**\n\nHang dry or tumble dry on low. High heat breaks down elastane over time.' },
        { type: 'text', body: '**Storing**\n\nFold rather than hang knits so they keep their shape.' },
        { type: 'button', text: 'Size & fit guide', link: '/photo-size-chart' },
      ],
    },
    {
      slug: 'dnsmpi',
      name: 'Do Not Sell My Personal Information',
      body: 'Your privacy choices.',
      blocks: [
        {
          type: 'text',
          body: `${w.store} does not sell your personal information for money. We do share limited browsing data with advertising partners, which some state laws treat as a sale.\n\nUse the switch on this page to opt out of that sharing on this browser. Your choice is saved for ten years. Questions? [Contact us](/contact-us).`,
        },
      ],
    },
    {
      slug: 'contact-us',
      name: 'Contact Us',
      body: `We are here to help, ${w.support}.`,
      blocks: [
        {
          type: 'text',
          body: `Send us a message with the form below and we will reply within one business day. You can also e-mail **${w.email}**.\n\nLooking for an order? Try the [order tracker](/tracker) first, or read our [store policies](${w.policies}).`,
        },
      ],
    },
  ]
  if (brandId === 'ckb') {
    const policies = list[0]!
    list.push({ ...policies, slug: 'ckb-store-policies' })
  }
  if (brandId === 'popfitclothing') {
    list.push(
      {
        slug: 'pf-lastchance',
        name: 'Last Chance',
        body: 'Retiring styles at $29.99 while sizes last.',
        blocks: [
          { type: 'image', text: 'Last chance: $29.99' },
          { type: 'text', body: 'These colours and styles are leaving for good. Every pair is **$29.99**, final sale, and once a size is gone it is gone.' },
          { type: 'button', text: 'Shop Last Chance', link: '/category/clearance' },
          { type: 'text', body: 'VIP members save an extra 20% at checkout. [Learn about VIP](/vip).' },
        ],
      },
      {
        slug: 'pf23-new-drop-cb',
        name: 'The New Drop',
        body: 'New colours, first for VIP.',
        hideHeadline: true,
        blocks: [
          { type: 'image', text: 'The new drop is here' },
          { type: 'text', body: 'Metallic shine, stretch velvet and a brand-new cross-back bra, released to **VIP members first**.' },
          { type: 'video', wistia: 'pfdrop2301' },
          { type: 'button', text: 'Shop VIP Exclusives', link: '/category/vip-exclusives' },
          { type: 'button', text: 'Join VIP', link: '/vip' },
        ],
      },
    )
  }
  if (brandId === 'glow') {
    list.push({
      slug: 'home',
      name: 'Glow Lounge',
      body: 'Cloud-soft loungewear for slow days.',
      hideHeadline: true,
      blocks: [
        { type: 'image', text: 'Slow mornings, soft layers' },
        { type: 'text', body: 'Robes, sets and joggers in waffle, plush and cloud-knit fabrics that **get softer with every wash**. Free shipping on orders over $75.' },
        { type: 'button', text: 'Shop Loungewear', link: '/category/loungewear' },
        { type: 'button', text: 'Shop Robes', link: '/category/robes' },
        { type: 'button', text: 'Shop Sets', link: '/category/sets' },
        { type: 'video', wistia: 'glowhome01', body: 'How we make cloud knit' },
        { type: 'text', body: 'Looking for a gift? Our [cozy extras](/category-group/cozy-extras) are ready to wrap.' },
        { type: 'button', text: 'Shop Gifts', link: '/category/gifts' },
      ],
    })
  }
  return list
}

/**
 * The demo store's `{name}-test` page (SPEC §2, served by the catch-all: docs/decisions/101): the funnels
 * a tester walks through, one link each (the free gift, the club's special, the offer landings).
 */
function testPage(brandId: BrandId): PageDef {
  const gift = brandId === 'popfitclothing' ? 'free-leggings' : brandId === 'ckb' ? 'free-underwear' : null
  const special = brandId === 'popfitclothing' ? 'pf-vip-optin-csr' : brandId === 'ckb' ? 'ckb-vip-optin' : null
  const blocks: Block[] = [{ type: 'text', body: 'A test page of the demo store: each funnel below starts from its landing, as a shopper meets it.' }]
  if (gift) {
    blocks.push(
      {
        type: 'text',
        body: 'The free gift: claim it as a new customer, add something else, then log in as a VIP member. Members have no free gift, so it leaves the cart and the next page is the shop, saying why.',
      },
      { type: 'button', text: 'Claim the free gift', link: `/social_media_specials/${gift}` },
    )
  }
  if (special) blocks.push({ type: 'button', text: 'The social media special', link: `/social_media_specials/${special}` })
  if (brandId !== 'glow') blocks.push({ type: 'button', text: 'The club offer landing', link: '/landing/cb' })
  blocks.push({ type: 'button', text: 'The shop', link: brandId === 'glow' ? '/category/loungewear' : brandId === 'ckb' ? '/category/underwear' : '/category/leggings' })
  return { slug: 'funnel-test', name: 'Funnel Test', body: 'The store’s funnels, one link each.', blocks }
}

export async function seedContent(db: SeedDb, brandId: BrandId, now: Date, demo = false): Promise<void> {
  const prefix = PREFIX[brandId]
  const pageRows: Rows<'content_pages'> = []
  const blockRows: Rows<'content_blocks'> = []
  // the test page is the demo store's (it leads to the demo's specials)
  for (const page of [...pages(brandId, await clubTerms(db, brandId)), ...(demo ? [testPage(brandId)] : [])]) {
    const pageId = `${prefix}-page-${page.slug}`
    pageRows.push({ id: pageId, brand_id: brandId, slug: page.slug, name: page.name, body: page.body, hide_headline: page.hideHeadline ? 1 : 0, updated_at: now.toISOString() })
    page.blocks.forEach((block, position) => {
      blockRows.push({
        id: `${pageId}-${position + 1}`,
        page_id: pageId,
        type: block.type,
        body: block.type === 'text' ? block.body : block.type === 'video' ? (block.body ?? null) : block.type === 'image' ? block.text : null,
        wistia_video_id: block.type === 'video' ? block.wistia : null,
        button_text: block.type === 'button' ? block.text : null,
        link: block.type === 'button' ? block.link : null,
        desktop_image: block.type === 'image' ? bannerUrl({ brandId, width: 1600, height: 600, text: block.text }) : null,
        mobile_image: block.type === 'image' ? bannerUrl({ brandId, width: 800, height: 800, text: block.text }) : null,
        position,
      })
    })
  }
  await insertBatches(db, 'content_pages', pageRows)
  await insertBatches(db, 'content_blocks', blockRows)
}

const CAPTIONS = [
  'Monday mood: {name} in {color}.',
  'Can not stop, will not stop wearing {name}.',
  'Restocked! {name} in {color} is back.',
  'Weekend uniform, sorted. {name}.',
  'Your most-tagged piece this month: {name}.',
  'New colour alert: {color}.',
  'Comfy enough for the couch, cute enough for brunch.',
  'Spotted on you: {name} in {color}.',
  'Tag us to be featured! Wearing {name}.',
  'Soft launch: {name}.',
  'Matching sets hit different.',
  'Saturday plans: none. Outfit: {name}.',
]

export async function seedFeed(db: SeedDb, brandId: BrandId, items: SeededItem[]): Promise<void> {
  const prefix = PREFIX[brandId]
  const rand = createRandom(hashSeed(`feed:${brandId}`))
  const picks = rand.shuffle(items).slice(0, 12)
  const rows: Rows<'feed_posts'> = picks.map((item, position) => ({
    id: `${prefix}-feed-${position + 1}`,
    brand_id: brandId,
    image: productImageUrl({ itemId: item.id, garment: item.garment, view: position % 2 === 0 ? 'instagram' : 'model', color: item.swatch, width: 1080, height: 1080 }),
    caption: (CAPTIONS[position % CAPTIONS.length] ?? '').replace('{name}', item.name).replace('{color}', item.color),
    item_id: item.id,
    position,
  }))
  await insertBatches(db, 'feed_posts', rows)
}
