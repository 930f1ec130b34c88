import { sql, type Kysely, type RawBuilder } from 'kysely'
import { isPostgresDb } from './007-brand-isolation.ts'

/**
 * The club's health figures kept month by month (docs/admin-club.md "Figures", decision 230).
 * The summary read the whole history at each request (3 to 9 s with 100,000 members, decision
 * 208); it now reads `club_months`, a few hundred rows a brand, kept by a trigger on
 * membership_events in the transaction of each event, whoever writes it (the membership
 * service, billing, staff actions, the seeds, a test inserting rows). Per brand and month:
 *
 * - 'state', detail 'from>to': the changes of state (members by state over time are their running sum);
 * - 'joins', 'cancels', 'lapses', 'skips': the members who did it that month (a member twice counts once);
 * - 'cohort', detail the month the membership was made: members leaving (+1) or coming back (-1);
 * - 'reason', detail a cancel reason ('Other' for 'Other: ...'): the cancels that gave it;
 * - 'answer', detail the free text of 'Other: ...': how many times it was given.
 *
 * A save offer's answer (the member's first skip, pause or cancel within the week after it,
 * core's saveOutcomes) is written on the offer's own row (save_answer, save_answer_at) by the
 * same trigger, whichever of the two is written first.
 *
 * The history already there is replayed through the trigger (copied aside, emptied, written
 * back in time order), so the rollup is made by the one definition below.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

const UPSERT = sql`on conflict (brand_id, month, figure, detail) do update set members = club_months.members + excluded.members`
const COUNTED = sql`('join', 'rejoin', 'cancel', 'retries_exhausted', 'skip')`
const figureOf = (event: RawBuilder<unknown>) =>
  sql`case ${event} when 'join' then 'joins' when 'rejoin' then 'joins' when 'cancel' then 'cancels' when 'retries_exhausted' then 'lapses' when 'skip' then 'skips' end`
const ANSWERS = sql`('skip', 'pause', 'cancel')`

/** The statements both databases run for each new event (`reasons` is the cancel's reasons given as text, one `value` a row). */
function statements(reasons: RawBuilder<unknown>, daysAfter: (at: RawBuilder<unknown>, days: number) => RawBuilder<unknown>): RawBuilder<unknown>[] {
  return [
    sql`insert into club_months (brand_id, month, figure, detail, members)
      select new.brand_id, new.month, 'state', coalesce(new.from_status, '') || '>' || new.to_status, 1
      where new.from_status is null or new.from_status <> new.to_status
      ${UPSERT}`,
    sql`insert into club_months (brand_id, month, figure, detail, members)
      select new.brand_id, new.month, ${figureOf(sql`new.event`)}, '', 1
      where new.event in ${COUNTED}
        and not exists (
          select 1 from membership_events e
          where e.membership_id = new.membership_id and e.month = new.month and e.id <> new.id
            and e.event in ${COUNTED} and ${figureOf(sql`e.event`)} = ${figureOf(sql`new.event`)})
      ${UPSERT}`,
    sql`insert into club_months (brand_id, month, figure, detail, members)
      select new.brand_id, new.month, 'cohort', substr(m.created_at, 1, 7), case when new.event in ('cancel', 'retries_exhausted') then 1 else -1 end
      from memberships m
      where m.id = new.membership_id
        and ((new.event in ('cancel', 'retries_exhausted') and new.from_status in ('active', 'skipped', 'paused', 'overdue'))
          or (new.event in ('join', 'rejoin') and new.from_status in ('cancelled', 'lapsed')))
      ${UPSERT}`,
    sql`insert into club_months (brand_id, month, figure, detail, members)
      select new.brand_id, new.month, 'reason', r.reason, 1
      from (
        select distinct case when g.value = 'Other' or substr(g.value, 1, 7) = 'Other: ' then 'Other' else g.value end as reason from ${reasons} g
        union all
        select 'No reason given' as reason where not exists (select 1 from ${reasons} n)
      ) r
      where new.event = 'cancel'
      ${UPSERT}`,
    sql`insert into club_months (brand_id, month, figure, detail, members)
      select new.brand_id, new.month, 'answer', substr(g.value, 8), count(*)
      from ${reasons} g
      where new.event = 'cancel' and substr(g.value, 1, 7) = 'Other: ' and substr(g.value, 8) <> ''
      group by substr(g.value, 8)
      ${UPSERT}`,
    // an answer: the member's offers of the week before it that have no earlier answer
    sql`update membership_events set save_answer = new.event, save_answer_at = new.at
      where new.event in ${ANSWERS} and membership_id = new.membership_id and event = 'save_offer_shown'
        and at < new.at and at >= ${daysAfter(sql`new.at`, -7)} and (save_answer_at is null or save_answer_at > new.at)`,
    // an offer written after its answer (a replay, a seed): its first answer of the week after it
    sql`update membership_events
      set save_answer = (select a.event from membership_events a
          where a.membership_id = new.membership_id and a.event in ${ANSWERS} and a.at > new.at and a.at <= ${daysAfter(sql`new.at`, 7)}
          order by a.at limit 1),
        save_answer_at = (select min(a.at) from membership_events a
          where a.membership_id = new.membership_id and a.event in ${ANSWERS} and a.at > new.at and a.at <= ${daysAfter(sql`new.at`, 7)})
      where id = new.id and new.event = 'save_offer_shown'`,
  ]
}

const joined = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql`;\n`)

export async function up(db: Db): Promise<void> {
  const postgres = await isPostgresDb(db)
  await db.schema
    .createTable('club_months')
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('figure', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('members', 'integer', (c) => c.notNull())
    // a brand's months in order: a range of them is one index range (a few dozen rows a month)
    .addPrimaryKeyConstraint('club_months_key', ['brand_id', 'month', 'figure', 'detail'])
    .execute()
  await db.schema.alterTable('membership_events').addColumn('save_answer', 'text').execute()
  await db.schema.alterTable('membership_events').addColumn('save_answer_at', 'text').execute()
  // the save offers of a range of months by their answer, counted by member (an index-only scan)
  await db.schema.createIndex('membership_events_save_answer').on('membership_events').columns(['brand_id', 'event', 'month', 'save_answer', 'membership_id']).execute()

  if (postgres) {
    const reasons = sql`(select r.value #>> '{}' as value from jsonb_array_elements(case when jsonb_typeof(d -> 'reasons') = 'array' then d -> 'reasons' else '[]'::jsonb end) r where jsonb_typeof(r.value) = 'string')`
    const daysAfter = (at: RawBuilder<unknown>, days: number) =>
      sql`to_char((${at}::timestamptz + ${sql.lit(`${days} days`)}::interval) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    await sql`
      create or replace function club_months_from_event() returns trigger language plpgsql as $$
      declare d jsonb;
      begin
        if new.event = 'cancel' and new.detail_json is not null then
          begin
            d := new.detail_json::jsonb;
          exception when others then
            d := null;
          end;
        end if;
        ${joined(statements(reasons, daysAfter))};
        return null;
      end $$`.execute(db)
    await sql`create trigger membership_events_club_months after insert on membership_events for each row execute function club_months_from_event()`.execute(db)
  } else {
    const list = sql`case when json_valid(new.detail_json) and json_type(new.detail_json, '$.reasons') = 'array' then json_extract(new.detail_json, '$.reasons') else '[]' end`
    const reasons = sql`(select j.value as value from json_each(${list}) j where j.type = 'text')`
    const daysAfter = (at: RawBuilder<unknown>, days: number) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, ${sql.lit(`${days > 0 ? '+' : ''}${days} days`)})`
    await sql`
      create trigger membership_events_club_months after insert on membership_events
      begin
        ${joined(statements(reasons, daysAfter))};
      end`.execute(db)
  }

  // the history so far, replayed through the trigger in time order (every column, whatever later migrations add)
  await sql`create temporary table club_months_replay as select * from membership_events`.execute(db)
  await sql`delete from membership_events`.execute(db)
  await sql`insert into membership_events select * from club_months_replay order by at, id`.execute(db)
  await sql`drop table club_months_replay`.execute(db)
}

export async function down(db: Db): Promise<void> {
  if (await isPostgresDb(db)) {
    await sql`drop trigger membership_events_club_months on membership_events`.execute(db)
    await sql`drop function club_months_from_event()`.execute(db)
  } else {
    await sql`drop trigger membership_events_club_months`.execute(db)
  }
  await db.schema.dropIndex('membership_events_save_answer').execute()
  await db.schema.alterTable('membership_events').dropColumn('save_answer_at').execute()
  await db.schema.alterTable('membership_events').dropColumn('save_answer').execute()
  await db.schema.dropTable('club_months').execute()
}
