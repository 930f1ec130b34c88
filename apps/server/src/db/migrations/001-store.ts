import { sql, type Kysely } from 'kysely'

/**
 * The store's schema, one migration for SQLite and PostgreSQL alike.
 * Portable types only: text, integer (flags are 0/1, money is integer cents,
 * times are ISO-8601 text, structured lists are JSON text).
 * Every brand-owned table carries brand_id.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('brands')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('store_settings')
    .addColumn('brand_id', 'text', (c) => c.primaryKey().references('brands.id'))
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('main_product', 'text', (c) => c.notNull())
    .addColumn('main_product_plural', 'text', (c) => c.notNull())
    .addColumn('main_shopping_path', 'text', (c) => c.notNull())
    .addColumn('brand_has_club', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('brand_has_236_gifts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('brand_has_12_gifts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('club_name', 'text')
    .addColumn('club_monthly_cents', 'integer')
    .addColumn('club_discount_percentage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('club_multi_qty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('club_exchanges', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('monthly_item_flair', 'text')
    .addColumn('show_club_offer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('afterpay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('afterpay_min_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('afterpay_max_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('facebook_url', 'text')
    .addColumn('instagram_url', 'text')
    .addColumn('social_media_discount_code', 'text')
    .addColumn('persona_full_name', 'text')
    .addColumn('stripe_js', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stripe_js_apple_pay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('analytics_ids', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sizes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scrolling_images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('feed_bio', 'text')
    .addColumn('free_shipping_threshold_cents', 'integer', (c) => c.notNull())
    .addColumn('standard_shipping_cost_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_rate_basis_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('menu_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('menu', 'text', (c) => c.notNull()) // 'header' | 'footer'
    .addColumn('parent_id', 'text')
    .addColumn('group_header', 'text') // footer: the group this link sits under
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('image_alt', 'text')
    .addColumn('show_during_checkout', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('menu_items_brand').on('menu_items').columns(['brand_id', 'menu', 'position']).execute()

  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('placement', 'text', (c) => c.notNull()) // 'global' | 'cart'
    .addColumn('link', 'text')
    .addColumn('text', 'text')
    .addColumn('button_text', 'text')
    .addColumn('button_link', 'text')
    .addColumn('css_class', 'text')
    .addColumn('image', 'text')
    .addColumn('desktop_url', 'text')
    .addColumn('desktop_width', 'integer')
    .addColumn('desktop_height', 'integer')
    .addColumn('mobile_url', 'text')
    .addColumn('mobile_width', 'integer')
    .addColumn('mobile_height', 'integer')
    .addColumn('alt', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema.createIndex('banners_brand').on('banners').columns(['brand_id', 'placement']).execute()

  await db.schema
    .createTable('sizing_guide_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('bust', 'text')
    .addColumn('waist', 'text')
    .addColumn('hip', 'text')
    .addColumn('pant', 'text')
    .addColumn('front_image', 'text', (c) => c.notNull())
    .addColumn('side_image', 'text', (c) => c.notNull())
    .addColumn('back_image', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('name', 'text', (c) => c.notNull()) // url name, e.g. 'leggings'
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('1x1')) // '1x1' | 'catch-all'
    .addColumn('icon', 'text')
    .addColumn('icon_2', 'text')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('short_description', 'text')
    .addColumn('long_description', 'text')
    .addColumn('bullets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('base_category_name', 'text')
    .addColumn('banner', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('categories_brand_name', ['brand_id', 'name'])
    .execute()

  await db.schema
    .createTable('category_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('category_groups_brand_name', ['brand_id', 'name'])
    .execute()

  await db.schema
    .createTable('category_group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('category_groups.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('category_group_members_pk', ['group_id', 'category_id'])
    .execute()

  await db.schema
    .createTable('items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('style_id', 'text', (c) => c.notNull()) // colour variants share a style
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('item_type_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('base_colors', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('swatch', 'text', (c) => c.notNull())
    .addColumn('aspect_class', 'text', (c) => c.notNull().defaultTo('double1x1'))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('original_price_cents', 'integer')
    .addColumn('member_price_cents', 'integer')
    .addColumn('discount_class', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_max_height', 'integer')
    .addColumn('item_group_ids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_page_attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('vip_exclusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('items_brand_style').on('items').columns(['brand_id', 'style_id']).execute()

  await db.schema
    .createTable('item_categories')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_categories_pk', ['category_id', 'item_id'])
    .execute()
  await db.schema.createIndex('item_categories_item').on('item_categories').column('item_id').execute()

  await db.schema
    .createTable('item_sizes')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_sizes_pk', ['item_id', 'size'])
    .execute()

  await db.schema
    .createTable('item_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    // image1..image4, model_plus, model_straight, customer, instagram, model, pocket
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('item_images_item').on('item_images').columns(['item_id', 'position']).execute()

  await db.schema
    .createTable('item_bullet_sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('header', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    // [{ value, value_for_category_page, description, icon }]
    .addColumn('bullets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('item_bullet_sections_item').on('item_bullet_sections').column('item_id').execute()

  await db.schema
    .createTable('item_matches')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('match_item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_matches_pk', ['item_id', 'match_item_id'])
    .execute()

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('item_id', 'integer', (c) => c.references('items.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_initial', 'text', (c) => c.notNull())
    .addColumn('instagram', 'text')
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('would_you_recommend_us', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('about_your_product', 'text')
    .addColumn('sizing_fit', 'text')
    .addColumn('how_do_you_style', 'text')
    .addColumn('where_travel', 'text')
    .addColumn('how_was_your_first_order', 'text')
    .addColumn('photo_1', 'text')
    .addColumn('photo_2', 'text')
    .addColumn('photo_3', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('reviews_brand_item').on('reviews').columns(['brand_id', 'item_id']).execute()

  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('code', 'text', (c) => c.notNull()) // stored upper-case; matched case-insensitively
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('info', 'text')
    .addColumn('bullets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('included_classes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('excluded_classes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('percentage_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('custom', 'text')
    .addColumn('club_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minimum_subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('discount_codes_brand_code', ['brand_id', 'code'])
    .execute()

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull()) // lower-case
    .addColumn('password_hash', 'text')
    .addColumn('has_club', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled_before', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birthday_day', 'integer')
    .addColumn('birthday_month', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('customers_brand_email', ['brand_id', 'email'])
    .execute()

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('address_type', 'text', (c) => c.notNull()) // 'shipping' | 'billing'
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('addresses_customer').on('addresses').column('customer_id').execute()

  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .addColumn('discount_code_id', 'text', (c) => c.references('discount_codes.id'))
    .addColumn('checkout_flow', 'text', (c) => c.notNull().defaultTo('free_flow'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open')) // 'open' | 'ordered'
    .addColumn('saw_club_upsell', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed_free_promo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha-256 of the cookie token
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .addColumn('cart_id', 'text', (c) => c.references('carts.id'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('cart_lines')
    .addColumn('id', 'text', (c) => c.primaryKey()) // the cartId of SPEC §3
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('bundled_with', 'text')
    .addColumn('social_media_special', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skip_qty_controls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_override_cents', 'integer') // offers and bumps set their own price
    .addColumn('banner', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('cart_lines_cart').on('cart_lines').column('cart_id').execute()

  await db.schema
    .createTable('orders')
    .addColumn('order_number', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .addColumn('cart_id', 'text', (c) => c.references('carts.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_method', 'text', (c) => c.notNull())
    .addColumn('shipping_name', 'text', (c) => c.notNull())
    .addColumn('shipping_company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shipping_country', 'text', (c) => c.notNull())
    .addColumn('shipping_address', 'text', (c) => c.notNull())
    .addColumn('shipping_address_2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shipping_city', 'text', (c) => c.notNull())
    .addColumn('shipping_state', 'text', (c) => c.notNull())
    .addColumn('shipping_zip', 'text', (c) => c.notNull())
    .addColumn('shipping_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billing_name', 'text', (c) => c.notNull())
    .addColumn('billing_company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billing_country', 'text', (c) => c.notNull())
    .addColumn('billing_address', 'text', (c) => c.notNull())
    .addColumn('billing_address_2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billing_city', 'text', (c) => c.notNull())
    .addColumn('billing_state', 'text', (c) => c.notNull())
    .addColumn('billing_zip', 'text', (c) => c.notNull())
    .addColumn('billing_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_method_id', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('orders_brand_idempotency', ['brand_id', 'idempotency_key'])
    .execute()
  await db.schema.createIndex('orders_customer').on('orders').columns(['customer_id', 'created_at']).execute()

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_class', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image1', 'text')
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_number').execute()

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('shipped_at', 'text')
    .execute()
  await db.schema.createIndex('shipments_order').on('shipments').column('order_number').execute()

  await db.schema
    .createTable('tracking_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shipment_id', 'text', (c) => c.notNull().references('shipments.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_token', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('status', 'text', (c) => c.notNull()) // 'active' | 'paused' | 'cancelled'
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('pause_monthly_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_percentage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('overdue', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paypal_express', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_billing_date', 'text')
    .addColumn('next_prepaid_ship_date', 'text')
    .addColumn('prepaid_months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_accessory', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_piece', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_piece_description', 'text')
    .addColumn('plan_id', 'text')
    .addColumn('pause_plan_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addUniqueConstraint('memberships_customer', ['customer_id'])
    .execute()

  await db.schema
    .createTable('wishlist_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wishlist_customer_item', ['customer_id', 'item_id'])
    .execute()

  await db.schema
    .createTable('style_profile_fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]')) // [{ value, caption }]
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('style_profile_fields_brand_name', ['brand_id', 'name'])
    .execute()

  await db.schema
    .createTable('style_profile_answers')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull()) // customer id, or visitor id before login
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('style_profile_answers_pk', ['brand_id', 'owner_id', 'field_name'])
    .execute()

  await db.schema
    .createTable('order_bumps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('headline', 'text', (c) => c.notNull())
    .addColumn('text_copy', 'text', (c) => c.notNull())
    .addColumn('short_item_name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('one_time_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('banner', 'text')
    .addColumn('headline', 'text', (c) => c.notNull())
    .addColumn('text_copy', 'text', (c) => c.notNull())
    .addColumn('extended_copy_1', 'text')
    .addColumn('extended_copy_2', 'text')
    .addColumn('extended_copy_3', 'text')
    .addColumn('image_1', 'text')
    .addColumn('image_2', 'text')
    .addColumn('image_3', 'text')
    .addColumn('image_4', 'text')
    .addColumn('no_thanks_button_copy', 'text', (c) => c.notNull())
    .addColumn('how_many', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('short_item_name', 'text', (c) => c.notNull())
    .addColumn('show_product_picker', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_full_product_picker', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_category_picker', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_sizepicker', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('digital_product', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('bundle_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('how_many', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('social_media_specials')
    .addColumn('id', 'text', (c) => c.notNull()) // e.g. pf-vip-optin-main
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('permalink', 'text', (c) => c.notNull())
    .addColumn('landing_page_headline', 'text', (c) => c.notNull())
    .addColumn('free_shipping', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('main_item_description', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.references('items.id'))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('split_test_no_lander', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('split_test_landers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('landers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('social_media_specials_pk', ['brand_id', 'id'])
    .execute()

  await db.schema
    .createTable('membership_landings')
    .addColumn('brand_id', 'text', (c) => c.primaryKey().references('brands.id'))
    .addColumn('headline', 'text', (c) => c.notNull())
    .addColumn('subheadline', 'text', (c) => c.notNull())
    .addColumn('faqs', 'text', (c) => c.notNull().defaultTo('[]')) // [{ question, answer }]
    .addColumn('founder_letter_name', 'text')
    .addColumn('founder_letter_bullets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('how_many', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await db.schema
    .createTable('content_pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('slug', 'text', (c) => c.notNull()) // 'home', 'store-policies', 'terms', 'pf-lastchance' ...
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hide_headline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('content_pages_brand_slug', ['brand_id', 'slug'])
    .execute()

  await db.schema
    .createTable('content_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('page_id', 'text', (c) => c.notNull().references('content_pages.id'))
    .addColumn('type', 'text', (c) => c.notNull()) // 'text' | 'video' | 'button' | 'image'
    .addColumn('body', 'text')
    .addColumn('wistia_video_id', 'text')
    .addColumn('button_text', 'text')
    .addColumn('link', 'text')
    .addColumn('desktop_image', 'text')
    .addColumn('mobile_image', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('content_blocks_page').on('content_blocks').columns(['page_id', 'position']).execute()

  await db.schema
    .createTable('feed_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.references('items.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('split_tests')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('variants', 'text', (c) => c.notNull()) // JSON list
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('split_tests_pk', ['brand_id', 'name'])
    .execute()

  await db.schema
    .createTable('split_test_assignments')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('test_name', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('split_test_assignments_pk', ['brand_id', 'test_name', 'visitor_id'])
    .execute()

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('pixel_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('event_json_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('event_source_url', 'text')
    .addColumn('fbclid', 'text')
    .addColumn('limited_data_use', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pixel_events_brand_uuid', ['brand_id', 'uuid'])
    .execute()

  await db.schema
    .createTable('utm_visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('extras', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('newsletter_click', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await sql`select 1`.execute(db)
}

export async function down(db: Db): Promise<void> {
  const tables = [
    'utm_visits',
    'pixel_events',
    'analytics_events',
    'split_test_assignments',
    'split_tests',
    'feed_posts',
    'content_blocks',
    'content_pages',
    'membership_landings',
    'social_media_specials',
    'bundle_offers',
    'one_time_offers',
    'order_bumps',
    'style_profile_answers',
    'style_profile_fields',
    'wishlist_entries',
    'memberships',
    'payment_methods',
    'tracking_events',
    'shipments',
    'order_lines',
    'orders',
    'cart_lines',
    'sessions',
    'carts',
    'addresses',
    'customers',
    'discount_codes',
    'reviews',
    'item_matches',
    'item_bullet_sections',
    'item_images',
    'item_sizes',
    'item_categories',
    'items',
    'category_group_members',
    'category_groups',
    'categories',
    'sizing_guide_entries',
    'banners',
    'menu_items',
    'store_settings',
    'brands',
  ]
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute()
}
