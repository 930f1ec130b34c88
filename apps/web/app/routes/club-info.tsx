/**
 * Club information (vip, more-about-vip, club, learn-more): the membership
 * landing: headline, subheadline, price, how many items a month, the founder's
 * letter and the FAQs. A brand without a club answers 404.
 */
import { formatPrice, PICK_CUTOFF_DAYS } from '@store/core'
import '../components/content/content.css'
import { orNotFound } from '../components/catalog/loader-helpers'
import { ClubOffer } from '../components/content/club-offer'
import { faqEntries, FaqList } from '../components/content/faq-list'
import { StoreLink } from '../components/store-link'
import { notFoundMeta, pageMeta } from '../lib/meta'
import type { RootData } from '../lib/root-data'
import { useSplitTest } from '../lib/experiments/use-split-test'
import { useCart, useStore } from '../lib/store/store-provider'
import type { Route } from './+types/club-info'

export async function loader({ context }: Route.LoaderArgs) {
  return { landing: await orNotFound(context.services.membershipLanding()) }
}

export function meta(args: Route.MetaArgs) {
  const root = args.matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined
  const clubName = root?.settings.clubName || 'VIP'
  const landing = args.loaderData?.landing
  if (!landing) return notFoundMeta(args)
  // /vip, /more-about-vip, /club and /learn-more show the same page: /vip is its address
  return pageMeta(args, `Join ${clubName}`, { description: landing.subheadline, socialTitle: landing.headline, canonicalPath: '/vip' })
}

export default function ClubInfo({ loaderData }: Route.ComponentProps) {
  const { landing } = loaderData
  const { settings } = useStore()
  const { cart } = useCart()
  const clubName = settings.clubName || 'VIP'
  const product = (landing.how_many === 1 ? settings.mainProduct : settings.mainProductPlural)?.toLowerCase() || 'item'
  const flair = settings.monthlyItemFlair
  // split test Vip4sh: '4sh' adds free shipping as a fourth step (docs/decisions/005)
  const vip4sh = useSplitTest('Vip4sh')

  return (
    <div className="container page">
      <h1 className="page-title">{clubName} membership</h1>
      <ClubOffer landing={landing} clubName={clubName} isMember={!!cart?.has_club} learnMore={false} />

      <section className="home-section" aria-labelledby="club-how">
        <h2 id="club-how">How {clubName} works</h2>
        <ol className="rich-text">
          <li>Join for {formatPrice(landing.price, { keepZeroCents: true })} a month.</li>
          <li>
            Every month we pick {landing.how_many === 1 ? 'a new' : `${landing.how_many} new`} {product} for you
            {flair ? ` (your ${flair})` : ''}.
          </li>
          <li>Shop everything at member prices. In the Members Area, skip a month or pause up to {PICK_CUTOFF_DAYS} days before your billing date, and cancel any time.</li>
          {vip4sh.status === 'initialized' && vip4sh.variant === '4sh' ? <li>Every member order ships free, with no minimum.</li> : null}
        </ol>
      </section>

      {landing.founder_letter_bullets.length ? (
        <section className="home-section founder-letter" aria-labelledby="club-letter">
          <h2 id="club-letter">A note from our founder</h2>
          <p>Here is what you get as a {clubName} member:</p>
          <ul className="club-perks">
            {landing.founder_letter_bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
          {landing.founder_letter_name ? <p className="founder-signature">{landing.founder_letter_name}</p> : null}
        </section>
      ) : null}

      {landing.faqs.length ? (
        <section className="home-section" aria-labelledby="club-faq">
          <h2 id="club-faq">Questions about {clubName}</h2>
          <FaqList entries={faqEntries(landing.faqs)} headingLevel={3} />
        </section>
      ) : null}

      <p>
        Read the full <StoreLink to="/vipterms">{clubName} terms</StoreLink>.
      </p>
    </div>
  )
}
