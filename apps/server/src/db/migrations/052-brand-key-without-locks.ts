import { sql, type Kysely } from 'kysely'
import { BRAND_OWNED_CHILDREN, isPostgresDb } from './007-brand-isolation.ts'

/**
 * PostgreSQL: a row's brand checked without locking the brand (docs/decisions/271-brand-key-checked-without-a-lock.md).
 *
 * Every table had a foreign key `brand_id → brands(id)`. PostgreSQL checks a foreign key by
 * locking the row it points at (`SELECT ... FOR KEY SHARE`), and every row a shopper writes
 * (session, cart, cart line, order, payment, throttle count, e-mail...) points at the same row:
 * its brand's. Each of those locks is written into the brand's row (and the write-ahead log),
 * and while several transactions hold it at once PostgreSQL keeps them in a shared
 * multi-transaction, made anew by each locker: the one row of the store that every checkout
 * and every add to cart wrote. Without these keys a checkout round cost PostgreSQL about a
 * quarter less CPU, and checkouts per second rose by a third (docs/performance.md, "PostgreSQL").
 *
 * The rule stays the same, held another way:
 * - a brand is never deleted nor renamed (its id): `brands_kept` refuses both (the store never
 *   does either; brands are added by the seed and the operator's configuration);
 * - so a row's brand only has to exist when the row is written: `<table>_brand_known` reads
 *   it, without a lock, before an insert or a change of brand_id;
 * - a child row (an item's size, a cart's line, an order's line...) needs neither: its
 *   composite key to its owner (brand_id, owner) → owner (brand_id, key) of migration 007
 *   already holds it to its owner's brand, which its owner's own check holds to a brand that
 *   exists.
 *
 * The child rows' brand, when written without one, is now filled by a function of each table
 * with its statement written out (`store_fill_brand_<table>`): the one function of migrations 007
 * and 037 built its statement as text at every row (and looked up the key's type in the catalogue),
 * so PostgreSQL parsed and planned it again for each line of every cart and order.
 *
 * Only catalogue changes: no row is read or written, and each table's lock is held for the time
 * of its constraint's drop. SQLite is unchanged: its foreign keys take no lock.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

const CHILD_TABLES = new Set(BRAND_OWNED_CHILDREN.map((child) => child.table))

/** The tables with a foreign key on brand_id alone to brands(id), and its name. */
async function brandKeys(db: Db): Promise<{ table: string; name: string }[]> {
  const { rows } = await sql<{ table: string; name: string }>`
    select c.conrelid::regclass::text as "table", c.conname as "name"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'brands'::regclass and cardinality(c.conkey) = 1 and a.attname = 'brand_id'
       and c.connamespace = current_schema()::regnamespace
     order by 1`.execute(db)
  return rows
}

export async function up(db: Db): Promise<void> {
  if (!(await isPostgresDb(db))) return
  await sql`
    create or replace function store_brand_known() returns trigger language plpgsql as $$
    begin
      if new.brand_id is not null and not exists (select 1 from brands where id = new.brand_id) then
        raise foreign_key_violation using message = format('%s: there is no brand %L', tg_table_name, new.brand_id);
      end if;
      return new;
    end $$`.execute(db)
  await sql`
    create or replace function store_brand_kept() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' or new.id is distinct from old.id then
        raise restrict_violation using message = format('brand %L is kept: a brand is never deleted nor given another id', old.id);
      end if;
      return coalesce(new, old);
    end $$`.execute(db)
  await sql`create trigger brands_kept before delete or update of id on brands for each row execute function store_brand_kept()`.execute(db)

  for (const { table, name } of await brandKeys(db)) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db)
    if (CHILD_TABLES.has(table)) continue
    await sql`create trigger ${sql.ref(`${table}_brand_known`)} before insert or update of brand_id on ${sql.table(table)}
      for each row execute function store_brand_known()`.execute(db)
  }

  for (const { table, references } of BRAND_OWNED_CHILDREN) {
    const owner = references[0]!
    const fill = `store_fill_brand_${table}`
    await sql`
      create or replace function ${sql.ref(fill)}() returns trigger language plpgsql as $$
      begin
        if new.brand_id is null then
          new.brand_id := (select brand_id from ${sql.table(owner.parent)} where ${sql.ref(owner.key)} = new.${sql.ref(owner.column)});
        end if;
        return new;
      end $$`.execute(db)
    await sql`drop trigger ${sql.ref(`${table}_fill_brand`)} on ${sql.table(table)}`.execute(db)
    await sql`create trigger ${sql.ref(`${table}_fill_brand`)} before insert on ${sql.table(table)} for each row execute function ${sql.ref(fill)}()`.execute(db)
  }
}

export async function down(db: Db): Promise<void> {
  if (!(await isPostgresDb(db))) return
  for (const { table, references } of BRAND_OWNED_CHILDREN) {
    const owner = references[0]!
    await sql`drop trigger ${sql.ref(`${table}_fill_brand`)} on ${sql.table(table)}`.execute(db)
    await sql`create trigger ${sql.ref(`${table}_fill_brand`)} before insert on ${sql.table(table)} for each row execute function store_fill_brand_id(${sql.lit(owner.parent)}, ${sql.lit(owner.key)}, ${sql.lit(owner.column)})`.execute(
      db,
    )
    await sql`drop function ${sql.ref(`store_fill_brand_${table}`)}()`.execute(db)
  }
  const { rows } = await sql<{ table: string }>`
    select r.relname as "table" from pg_trigger t join pg_class r on r.oid = t.tgrelid
     where t.tgname = r.relname || '_brand_known' and r.relnamespace = current_schema()::regnamespace`.execute(db)
  for (const { table } of rows) await sql`drop trigger ${sql.ref(`${table}_brand_known`)} on ${sql.table(table)}`.execute(db)
  const { rows: tables } = await sql<{ table: string }>`
    select table_name as "table" from information_schema.columns
     where table_schema = current_schema() and column_name = 'brand_id' and table_name <> 'brands' order by 1`.execute(db)
  for (const { table } of tables) {
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_brand_id_fkey`)} foreign key (brand_id) references brands (id)`.execute(db)
  }
  await sql`drop trigger brands_kept on brands`.execute(db)
  await sql`drop function store_brand_kept()`.execute(db)
  await sql`drop function store_brand_known()`.execute(db)
}
