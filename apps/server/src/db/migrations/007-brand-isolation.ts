import { sql, type Kysely } from 'kysely'

/**
 * Brand isolation by construction (docs/decisions/011-brand-isolation.md): every
 * brand-owned child table carries brand_id, and the database itself refuses a
 * row whose brand differs from its parent's (or from any row it points at).
 *
 * - brand_id is added and filled from the owning parent; a row inserted without
 *   it gets its parent's (so it can never be missing or wrong by omission);
 * - PostgreSQL: composite foreign keys (brand_id, parent) → parent (brand_id, id),
 *   over a unique (brand_id, id) on each parent;
 * - SQLite cannot add table constraints to a table: triggers refuse a mismatch
 *   on insert and update with the same effect.
 */
// biome-ignore lint: migrations take an untyped Kysely
type Db = Kysely<any>

interface Reference {
  column: string
  parent: string
  /** the parent's key column */
  key: string
}

interface ChildTable {
  table: string
  /** the first reference owns the row: brand_id is filled from it */
  references: Reference[]
}

export const BRAND_OWNED_CHILDREN: ChildTable[] = [
  {
    table: 'category_group_members',
    references: [
      { column: 'group_id', parent: 'category_groups', key: 'id' },
      { column: 'category_id', parent: 'categories', key: 'id' },
    ],
  },
  {
    table: 'item_categories',
    references: [
      { column: 'item_id', parent: 'items', key: 'id' },
      { column: 'category_id', parent: 'categories', key: 'id' },
    ],
  },
  { table: 'item_sizes', references: [{ column: 'item_id', parent: 'items', key: 'id' }] },
  { table: 'item_images', references: [{ column: 'item_id', parent: 'items', key: 'id' }] },
  { table: 'item_bullet_sections', references: [{ column: 'item_id', parent: 'items', key: 'id' }] },
  {
    table: 'item_matches',
    references: [
      { column: 'item_id', parent: 'items', key: 'id' },
      { column: 'match_item_id', parent: 'items', key: 'id' },
    ],
  },
  {
    table: 'cart_lines',
    references: [
      { column: 'cart_id', parent: 'carts', key: 'id' },
      { column: 'item_id', parent: 'items', key: 'id' },
    ],
  },
  {
    table: 'order_lines',
    references: [
      { column: 'order_number', parent: 'orders', key: 'order_number' },
      { column: 'item_id', parent: 'items', key: 'id' },
    ],
  },
  { table: 'shipments', references: [{ column: 'order_number', parent: 'orders', key: 'order_number' }] },
  { table: 'tracking_events', references: [{ column: 'shipment_id', parent: 'shipments', key: 'id' }] },
  { table: 'content_blocks', references: [{ column: 'page_id', parent: 'content_pages', key: 'id' }] },
]

async function isPostgres(db: Db): Promise<boolean> {
  try {
    await sql`select current_schema()`.execute(db)
    return true
  } catch {
    return false
  }
}

export async function up(db: Db): Promise<void> {
  const postgres = await isPostgres(db)
  // in parent order: shipments gets its brand before tracking_events is filled from it
  for (const { table, references } of BRAND_OWNED_CHILDREN) {
    const owner = references[0]!
    await db.schema.alterTable(table).addColumn('brand_id', 'text', (c) => c.references('brands.id')).execute()
    await sql`update ${sql.table(table)} set brand_id = (select p.brand_id from ${sql.table(owner.parent)} p where p.${sql.ref(owner.key)} = ${sql.table(table)}.${sql.ref(owner.column)})`.execute(db)
    await db.schema.createIndex(`${table}_brand`).on(table).column('brand_id').execute()
  }

  if (postgres) {
    const parents = new Map<string, string>()
    for (const { references } of BRAND_OWNED_CHILDREN) for (const ref of references) parents.set(ref.parent, ref.key)
    for (const [parent, key] of parents) {
      await sql`alter table ${sql.table(parent)} add constraint ${sql.ref(`${parent}_brand_key`)} unique (brand_id, ${sql.ref(key)})`.execute(db)
    }
    // a row inserted without its brand takes its owner's
    await sql`
      create or replace function store_fill_brand_id() returns trigger language plpgsql as $$
      declare owner_brand text;
      begin
        if new.brand_id is null then
          execute format('select brand_id from %I where %I::text = $1', tg_argv[0], tg_argv[1])
            into owner_brand using (to_jsonb(new) ->> tg_argv[2]);
          new.brand_id := owner_brand;
        end if;
        return new;
      end $$`.execute(db)
    for (const { table, references } of BRAND_OWNED_CHILDREN) {
      const owner = references[0]!
      await sql`create trigger ${sql.ref(`${table}_fill_brand`)} before insert on ${sql.table(table)} for each row execute function store_fill_brand_id(${sql.lit(owner.parent)}, ${sql.lit(owner.key)}, ${sql.lit(owner.column)})`.execute(db)
      await sql`alter table ${sql.table(table)} alter column brand_id set not null`.execute(db)
      for (const ref of references) {
        await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${ref.column}_brand_fk`)} foreign key (brand_id, ${sql.ref(ref.column)}) references ${sql.table(ref.parent)} (brand_id, ${sql.ref(ref.key)})`.execute(db)
      }
    }
    return
  }

  for (const { table, references } of BRAND_OWNED_CHILDREN) {
    const owner = references[0]!
    const t = sql.table(table)
    await sql`create trigger ${sql.ref(`${table}_fill_brand`)} after insert on ${t} when new.brand_id is null begin
      update ${t} set brand_id = (select brand_id from ${sql.table(owner.parent)} where ${sql.ref(owner.key)} = new.${sql.ref(owner.column)}) where rowid = new.rowid;
    end`.execute(db)
    const mismatch = (prefix: 'new') =>
      sql.join(
        references.map(
          (ref) =>
            sql`${sql.raw(prefix)}.brand_id is not (select brand_id from ${sql.table(ref.parent)} where ${sql.ref(ref.key)} = ${sql.raw(prefix)}.${sql.ref(ref.column)})`,
        ),
        sql` or `,
      )
    const message = sql.lit(`a ${table} row must belong to the brand of what it points at`)
    await sql`create trigger ${sql.ref(`${table}_brand_on_insert`)} before insert on ${t} when new.brand_id is not null and (${mismatch('new')}) begin
      select raise(abort, ${message});
    end`.execute(db)
    await sql`create trigger ${sql.ref(`${table}_brand_on_update`)} before update on ${t} when new.brand_id is null or (${mismatch('new')}) begin
      select raise(abort, ${message});
    end`.execute(db)
  }
}
