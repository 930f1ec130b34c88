/**
 * Every route of SPEC §2, under one layout. Only these paths are handled by the
 * client router; the catch-all at the end serves content pages (and answers 404
 * for a path that is no content page). Checkout-type routes use the slim checkout
 * layout; social_media_specials pages the slim layout; protected routes (SPEC §6)
 * sit under a guard that sends a visitor to /login.
 *
 * The `{name}-test` test pages of SPEC §2 are content pages: React Router cannot
 * match a partial segment, so the catch-all serves them (docs/decisions/101).
 */
import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

export default [
  // resource routes: no layout, no component
  route('resources/cart', 'routes/resources.cart.tsx'),

  layout('layouts/store-layout.tsx', [
    // ----- shopping and content (second web engineer)
    index('routes/home.tsx'),
    route('svg-gallery', 'routes/svg-gallery.tsx'),
    route('category/:categoryName', 'routes/category.tsx'),
    route('category-group/:categoryGroupName', 'routes/category-group.tsx'),
    route('item/:id', 'routes/item.tsx'),
    ...prefix('page', [
      route('store-policies', 'routes/store-policies.tsx', { id: 'store-policies' }),
      route('ckb-store-policies', 'routes/store-policies.tsx', { id: 'ckb-store-policies' }),
      route('*', 'routes/content-page.tsx', { id: 'page' }),
    ]),
    route('vip_exclusives', 'routes/vip-exclusives.tsx'),
    route('customer_reviews', 'routes/customer-reviews.tsx'),
    route('photo-size-chart', 'routes/photo-size-chart.tsx'),
    route('care', 'routes/care.tsx'),
    route('shop_our_feed', 'routes/shop-our-feed.tsx'),
    route('terms', 'routes/info-page.tsx', { id: 'terms' }),
    route('about-us', 'routes/info-page.tsx', { id: 'about-us' }),
    route('vipterms', 'routes/info-page.tsx', { id: 'vipterms' }),
    route('vip', 'routes/club-info.tsx', { id: 'vip' }),
    route('more-about-vip', 'routes/club-info.tsx', { id: 'more-about-vip' }),
    route('club', 'routes/club-info.tsx', { id: 'club' }),
    route('learn-more', 'routes/club-info.tsx', { id: 'learn-more' }),

    // ----- landings and forms
    route('form/*', 'routes/form-page.tsx'),
    route('social-media-specials', 'routes/social-media-specials.tsx'),
    route('landing/:id', 'routes/landing.tsx', { id: 'landing' }),
    route('funneltestoct17/:id', 'routes/landing.tsx', { id: 'funneltestoct17' }),
    route('vip-rejoin-test', 'routes/vip-rejoin.tsx'),
    route('dnsmpi', 'routes/dnsmpi.tsx'),
    route('send', 'routes/send.tsx'),
    route('ig', 'routes/instagram.tsx', { id: 'ig' }),
    route('insta', 'routes/instagram.tsx', { id: 'insta' }),

    // ----- accounts
    route('register', 'routes/register.tsx'),
    route('confirm-register', 'routes/confirm-register.tsx'),
    route('login', 'routes/login.tsx'),
    route('logout', 'routes/logout.tsx'),
    route('forgot', 'routes/forgot.tsx'),
    route('tracker', 'routes/tracker.tsx', { id: 'tracker' }),
    route('track_package', 'routes/tracker.tsx', { id: 'track_package' }),
    route('contact-us', 'routes/contact-us.tsx'),
    route('customer-feedback', 'routes/customer-feedback.tsx'),
    route('members_skip_flow', 'routes/skip-vip.tsx', { id: 'members_skip_flow' }),
    route('members_pause_flow', 'routes/pause-vip.tsx', { id: 'members_pause_flow' }),
    route('styleprofile', 'routes/styleprofile.tsx'),
    route('addresses', 'routes/addresses.tsx'),

    // ----- protected (SPEC §6): a visitor who is not logged in goes to /login
    layout('layouts/protected-layout.tsx', [
      route('members', 'routes/members.tsx'),
      route('orders', 'routes/orders.tsx'),
      route('change_password', 'routes/change-password.tsx'),
      route('change_payment', 'routes/change-payment.tsx'),
      route('skip-vip', 'routes/skip-vip.tsx', { id: 'skip-vip' }),
      route('cancel-vip', 'routes/cancel-vip.tsx', { id: 'cancel-vip' }),
      route('members_cancel_flow', 'routes/cancel-vip.tsx', { id: 'members_cancel_flow' }),
      route('cancel_feedback', 'routes/cancel-feedback.tsx'),
      route('cancel_error', 'routes/cancel-error.tsx'),
      route('pause-vip', 'routes/pause-vip.tsx', { id: 'pause-vip' }),
      route('wishlist', 'routes/wishlist.tsx'),
    ]),

    // ----- everything else: content pages (and {name}-test pages), or 404
    route('*', 'routes/content-page.tsx', { id: 'catch-all' }),
  ]),

  // ----- checkout funnel: slim layout, 'Secure Checkout', noindex
  layout('layouts/checkout-layout.tsx', [
    route('checkout-club', 'routes/checkout-club.tsx'),
    route('checkout-styleprofile', 'routes/checkout-styleprofile.tsx'),
    route('checkout-ob/:id?', 'routes/checkout-ob.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('please-wait', 'routes/please-wait.tsx'),
    route('special-offer/:id?', 'routes/special-offer.tsx'),
    route('thank-you', 'routes/thank-you.tsx'),
  ]),

  // ----- social media specials: slim, noindex
  layout('layouts/slim-layout.tsx', [route('social_media_specials/:id', 'routes/social-media-special.tsx')]),
] satisfies RouteConfig
