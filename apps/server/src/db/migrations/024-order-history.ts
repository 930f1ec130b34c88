import { sql, type Kysely } from 'kysely'
import { isPostgresDb } from './007-brand-isolation.ts'

/**
 * The order's history (docs/orders.md): an append-only table of what happened to each order,
 * who did it and when. UPDATE and DELETE are refused by the database itself.
 *
 * A move of an order's status writes its entry in the same statement: the order row carries the
 * latest entry (history_id, history_event, history_actor, history_detail, history_visible,
 * history_at), set by the one module that moves orders (orders/order-states.ts), and a trigger
 * copies each new one into order_history with the status before and after. A checkout thus
 * writes its "created" and "paid" entries without a statement of its own.
 *
 * E-mails queued about an order (outbox_emails.order_number) are entries too, by a trigger.
 *
 * The brand's windows for the shopper's actions: cancel within order_cancel_minutes of placing
 * (60), return or exchange within return_window_days of delivery (30).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  const postgres = await isPostgresDb(db)
  await db.schema
    .createTable('order_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    // no foreign key: an attempt that was never paid is removed, its entries stay
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('before_status', 'text')
    .addColumn('after_status', 'text')
    // 'shopper', 'shopper:<customer id>', 'staff:<id>', 'job:<name>', 'carrier:<name>', 'payment:<gateway>', 'store'
    .addColumn('actor', 'text', (c) => c.notNull())
    // JSON: what the event says (carrier and tracking number, amount and lines of a refund, a reason...)
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('visible_to_shopper', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('order_history_order').on('order_history').columns(['brand_id', 'order_number', 'at']).execute()

  for (const column of ['history_id', 'history_event', 'history_actor', 'history_detail', 'history_at']) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute()
  }
  await db.schema
    .alterTable('orders')
    .addColumn('history_visible', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('outbox_emails').addColumn('order_number', 'text').execute()
  await db.schema
    .alterTable('store_settings')
    .addColumn('order_cancel_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .execute()
  await db.schema
    .alterTable('store_settings')
    .addColumn('return_window_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute()

  const columns = sql`(id, brand_id, order_number, event, before_status, after_status, actor, detail, visible_to_shopper, at)`
  if (postgres) {
    await sql`
      create or replace function order_history_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'order history is append-only';
      end $$`.execute(db)
    await sql`create trigger order_history_append_only before update or delete on order_history for each row execute function order_history_append_only()`.execute(db)
    await sql`
      create or replace function order_history_from_order() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          if new.history_id is not null then
            insert into order_history (id, brand_id, order_number, event, before_status, after_status, actor, detail, visible_to_shopper, at)
            values (new.history_id, new.brand_id, new.order_number, new.history_event, null, new.status, new.history_actor, coalesce(new.history_detail, '{}'), new.history_visible, new.history_at);
          end if;
        elsif new.history_id is not null and new.history_id is distinct from old.history_id then
          insert into order_history (id, brand_id, order_number, event, before_status, after_status, actor, detail, visible_to_shopper, at)
          values (new.history_id, new.brand_id, new.order_number, new.history_event, old.status, new.status, new.history_actor, coalesce(new.history_detail, '{}'), new.history_visible, new.history_at);
        end if;
        return null;
      end $$`.execute(db)
    await sql`create trigger orders_history after insert or update on orders for each row execute function order_history_from_order()`.execute(db)
    await sql`
      create or replace function order_history_from_email() returns trigger language plpgsql as $$
      begin
        insert into order_history (id, brand_id, order_number, event, before_status, after_status, actor, detail, visible_to_shopper, at)
        values ('email:' || new.id, new.brand_id, new.order_number, 'email_sent', null, null, 'store', json_build_object('subject', new.subject)::text, 1, new.created_at);
        return null;
      end $$`.execute(db)
    await sql`create trigger outbox_emails_order_history after insert on outbox_emails for each row when (new.order_number is not null) execute function order_history_from_email()`.execute(
      db,
    )
  } else {
    await sql`create trigger order_history_no_update before update on order_history begin select raise(abort, 'order history is append-only'); end`.execute(db)
    await sql`create trigger order_history_no_delete before delete on order_history begin select raise(abort, 'order history is append-only'); end`.execute(db)
    await sql`create trigger orders_history_on_insert after insert on orders when new.history_id is not null begin
      insert into order_history ${columns}
      values (new.history_id, new.brand_id, new.order_number, new.history_event, null, new.status, new.history_actor, coalesce(new.history_detail, '{}'), new.history_visible, new.history_at);
    end`.execute(db)
    await sql`create trigger orders_history_on_update after update on orders when new.history_id is not null and new.history_id is not old.history_id begin
      insert into order_history ${columns}
      values (new.history_id, new.brand_id, new.order_number, new.history_event, old.status, new.status, new.history_actor, coalesce(new.history_detail, '{}'), new.history_visible, new.history_at);
    end`.execute(db)
    await sql`create trigger outbox_emails_order_history after insert on outbox_emails when new.order_number is not null begin
      insert into order_history ${columns}
      values ('email:' || new.id, new.brand_id, new.order_number, 'email_sent', null, null, 'store', json_object('subject', new.subject), 1, new.created_at);
    end`.execute(db)
  }
  // every order placed before has its first entry
  await sql`insert into order_history ${columns}
    select 'created:' || order_number, brand_id, order_number, 'created', null, status, 'store', '{}', 1, created_at from orders
    where status not in ('pending_payment', 'declined', 'expired')`.execute(db)
}

export async function down(db: Db): Promise<void> {
  const postgres = await isPostgresDb(db)
  if (postgres) {
    await sql`drop trigger if exists orders_history on orders`.execute(db)
    await sql`drop trigger if exists outbox_emails_order_history on outbox_emails`.execute(db)
  } else {
    await sql`drop trigger if exists orders_history_on_insert`.execute(db)
    await sql`drop trigger if exists orders_history_on_update`.execute(db)
    await sql`drop trigger if exists outbox_emails_order_history`.execute(db)
  }
  await db.schema.dropTable('order_history').execute()
}
