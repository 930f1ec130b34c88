import { sql, type Kysely } from 'kysely'
import { isPostgresDb } from './007-brand-isolation.ts'

/**
 * A child row written without its brand (an item's size, category, image...) takes its owner's
 * (migration 007). On PostgreSQL the owner was looked up as `id::text = $1`: the cast hid the
 * primary key of an integer-keyed owner (items), so each size of a new item read every item of
 * every brand, and adding an item to a catalogue of 60,000 took seconds (found seeding the large
 * generated store, docs/performance.md). The owner is now looked up by its key in its own type,
 * through its index. SQLite's trigger compares in the key's own type already.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
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
