import { sql, type Kysely } from 'kysely'
import { isPostgresDb } from './007-brand-isolation.ts'

/**
 * A child row written without its brand (an item's size, category, image...) takes its owner's
 * (migration 007). On PostgreSQL the owner was looked up as `id::text = $1`: the cast hid the
 * primary key of an integer-keyed owner (items), so each size of a new item read every item of
 * every brand, and adding an item to a catalogue of 60,000 took seconds (found seeding the large
 * generated store, docs/performance.md). The owner is now looked up by its key in its own type,
 * through its index. SQLite's trigger compares in the key's own type already.
 *
 * The same tables had an index on brand_id alone (007). SQLite, without statistics, chose it
 * over the owner's key for `where brand_id = ? and cart_id = ?`: reading a cart read every cart
 * line of the brand, an order's lines every order line, an item's sizes every size, so each grew
 * slower with the store's history (the operator's item list took 600 ms at 60,000 items). Every
 * such query names the owner, whose index finds the rows; the brand-only indexes are dropped.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

/** The child tables of 007 that had an index on brand_id alone. */
const CHILDREN = [
  'category_group_members',
  'item_categories',
  'item_sizes',
  'item_images',
  'item_bullet_sections',
  'item_matches',
  'cart_lines',
  'order_lines',
  'shipments',
  'content_blocks',
]

export async function up(db: Db): Promise<void> {
  for (const table of CHILDREN) await db.schema.dropIndex(`${table}_brand`).ifExists().execute()
  if (!(await isPostgresDb(db))) return
  await sql`
    create or replace function store_fill_brand_id() returns trigger language plpgsql as $$
    declare owner_brand text;
    declare key_type text;
    begin
      if new.brand_id is null then
        select format_type(atttypid, atttypmod) into key_type
          from pg_attribute where attrelid = tg_argv[0]::regclass and attname = tg_argv[1];
        execute format('select brand_id from %I where %I = $1::%s', tg_argv[0], tg_argv[1], key_type)
          into owner_brand using (to_jsonb(new) ->> tg_argv[2]);
        new.brand_id := owner_brand;
      end if;
      return new;
    end $$`.execute(db)
}
