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
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export interface Reference {
  column: string
  parent: string
  /** the parent's key column */
  key: string
}

export interface ChildTable {
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

export async function isPostgresDb(db: Db): Promise<boolean> {
  return isPostgres(db)
}

export async function up(db: Db): Promise<void> {
  const postgres = await isPostgres(db)
  // in parent order: a table is filled before any table filled from it
  for (const { table, references } of BRAND_OWNED_CHILDREN) {
    const owner = references[0]!
    await db.schema
      .alterTable(table)
      .addColumn('brand_id', 'text', (c) => c.references('brands.id'))
      .execute()
    await sql`update ${sql.table(table)} set brand_id = (select p.brand_id from ${sql.table(owner.parent)} p where p.${sql.ref(owner.key)} = ${sql.table(table)}.${sql.ref(owner.column)})`.execute(
      db,
    )
    await db.schema.createIndex(`${table}_brand`).on(table).column('brand_id').execute()
  }
  if (postgres) {
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
  }
  for (const child of BRAND_OWNED_CHILDREN) await keepToBrand(db, postgres, child, { fill: true })
}

/**
 * The database's own rule for one child table: its brand is its owner's and that of
 * every row it points at (composite foreign keys on PostgreSQL, triggers on SQLite);
 * with `fill`, a row written without brand_id takes its owner's.
 */
export async function keepToBrand(db: Db, postgres: boolean, { table, references }: ChildTable, options: { fill: boolean }): Promise<void> {
  const owner = references[0]!
  if (postgres) {
    for (const ref of references) {
      await sql`do $$ begin
        if not exists (select 1 from pg_constraint where conname = ${sql.lit(`${ref.parent}_brand_key`)} and connamespace = current_schema()::regnamespace) then
          alter table ${sql.table(ref.parent)} add constraint ${sql.ref(`${ref.parent}_brand_key`)} unique (brand_id, ${sql.ref(ref.key)});
        end if;
      end $$`.execute(db)
    }
    if (options.fill) {
      await sql`create trigger ${sql.ref(`${table}_fill_brand`)} before insert on ${sql.table(table)} for each row execute function store_fill_brand_id(${sql.lit(owner.parent)}, ${sql.lit(owner.key)}, ${sql.lit(owner.column)})`.execute(
        db,
      )
      await sql`alter table ${sql.table(table)} alter column brand_id set not null`.execute(db)
    }
    for (const ref of references) {
      await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${ref.column}_brand_fk`)} foreign key (brand_id, ${sql.ref(ref.column)}) references ${sql.table(ref.parent)} (brand_id, ${sql.ref(ref.key)})`.execute(
        db,
      )
    }
    return
  }
  const t = sql.table(table)
  if (options.fill) {
    await sql`create trigger ${sql.ref(`${table}_fill_brand`)} after insert on ${t} when new.brand_id is null begin
      update ${t} set brand_id = (select brand_id from ${sql.table(owner.parent)} where ${sql.ref(owner.key)} = new.${sql.ref(owner.column)}) where rowid = new.rowid;
    end`.execute(db)
  }
  // a reference left empty (a nullable one) points at nothing, so it has no brand to keep to
  const mismatch = sql.join(
    references.map(
      (ref) =>
        sql`(new.${sql.ref(ref.column)} is not null and new.brand_id is not (select brand_id from ${sql.table(ref.parent)} where ${sql.ref(ref.key)} = new.${sql.ref(ref.column)}))`,
    ),
    sql` or `,
  )
  const message = sql.lit(`a ${table} row must belong to the brand of what it points at`)
  await sql`create trigger ${sql.ref(`${table}_brand_on_insert`)} before insert on ${t} when new.brand_id is not null and (${mismatch}) begin
    select raise(abort, ${message});
  end`.execute(db)
  await sql`create trigger ${sql.ref(`${table}_brand_on_update`)} before update on ${t} when new.brand_id is null or (${mismatch}) begin
    select raise(abort, ${message});
  end`.execute(db)
}
