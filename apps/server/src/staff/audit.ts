/**
 * The audit log: every change an operator makes writes one entry, in the
 * transaction of the change (`audited(trx, actor, entry)`), so there is no change
 * without its entry and no entry without its change. The table is append-only
 * (migration 029: the database refuses UPDATE and DELETE).
 */
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AuditEntry } from '@store/core'
import { badRequest } from '../http/errors.ts'
import { csvFromRows } from '../shared/csv.ts'

/** Who acts, where and from which address: a member of staff (or the command line, staffId null). */
export interface AuditActor {
  brandId: string
  staffId: string | null
  /** the client's address (ctx.clientIp: the socket's, or the proxy's word where TRUST_PROXY says so) */
  ip: string
  now(): Date
}

export interface AuditChange {
  /** what was done, 'item.update', 'stock.adjust', 'staff.suspend' ... */
  action: string
  /** what it was done to: 'item', 'staff', 'stock' ... */
  entity: string
  id: string | number
  before?: unknown
  after?: unknown
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value))

/** Writes the entry of one change: call it inside the change's transaction. */
export async function audited(trx: Transaction<Database> | Kysely<Database>, actor: AuditActor, change: AuditChange): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at: actor.now().toISOString(),
      brand_id: actor.brandId,
      staff_id: actor.staffId,
      ip: actor.ip,
      action: change.action,
      entity: change.entity,
      entity_id: String(change.id),
      before_json: json(change.before),
      after_json: json(change.after),
    })
    .execute()
}

export interface AuditQuery {
  entity?: string
  entity_id?: string
  /** a staff id or e-mail */
  actor?: string
  /** ISO dates or date-times, inclusive ('2026-11-29' reads as that whole day for `to`) */
  from?: string
  to?: string
  cursor?: string
  limit?: number
}

/** The cursor of the next page: the last entry's time and id, so entries at the same time are neither lost nor repeated. */
const encodeCursor = (entry: { at: string; id: string }) => Buffer.from(`${entry.at}|${entry.id}`).toString('base64url')
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  if (!at || !id || Number.isNaN(Date.parse(at))) throw badRequest('This page of the audit log is not one we gave out. Start from the first page.', 'cursor')
  return { at, id }
}

function boundary(value: string, end: boolean, field: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value)
  const parsed = Date.parse(day ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(parsed)) throw badRequest('Give a date as YYYY-MM-DD (or a full date and time).', field)
  return new Date(day && end ? parsed + 86_400_000 - 1 : parsed).toISOString()
}

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown))

/** A page of the brand's audit log, newest first. */
export async function listAudit(db: Kysely<Database>, brandId: string, query: AuditQuery): Promise<{ entries: AuditEntry[]; next_cursor: string | null }> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 500)
  let q = db
    .selectFrom('audit_log')
    .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.staff_id',
      'staff.email as actor_email',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
      'audit_log.ip',
    ])
    .where('audit_log.brand_id', '=', brandId)
  if (query.entity) q = q.where('audit_log.entity', '=', query.entity)
  if (query.entity_id) q = q.where('audit_log.entity_id', '=', query.entity_id)
  if (query.actor) {
    const actor = query.actor.trim().toLowerCase()
    q = q.where((eb) => eb.or([eb('audit_log.staff_id', '=', query.actor!.trim()), eb('staff.email', '=', actor)]))
  }
  if (query.from) q = q.where('audit_log.at', '>=', boundary(query.from, false, 'from'))
  if (query.to) q = q.where('audit_log.at', '<=', boundary(query.to, true, 'to'))
  if (query.cursor) {
    const after = decodeCursor(query.cursor)
    q = q.where((eb) => eb.or([eb('audit_log.at', '<', after.at), eb.and([eb('audit_log.at', '=', after.at), eb('audit_log.id', '<', after.id)])]))
  }
  const rows = await q
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const entries = page.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.staff_id,
    actor_email: row.actor_email ?? null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: parse(row.before_json),
    after: parse(row.after_json),
    ip: row.ip,
  }))
  const last = page.at(-1)
  return { entries, next_cursor: rows.length > limit && last ? encodeCursor(last) : null }
}

const AUDIT_CSV_COLUMNS = ['at', 'actor', 'actor_email', 'ip', 'action', 'entity', 'entity_id', 'before', 'after'] as const

/** The audit log matching a query as CSV, page by page (bounded memory however long it is). */
export function auditCsv(db: Kysely<Database>, brandId: string, query: Omit<AuditQuery, 'cursor' | 'limit'>): Readable {
  return csvFromRows(AUDIT_CSV_COLUMNS, auditRows(db, brandId, query))
}

async function* auditRows(db: Kysely<Database>, brandId: string, query: Omit<AuditQuery, 'cursor' | 'limit'>): AsyncGenerator<unknown[]> {
  let cursor: string | undefined
  do {
    const page = await listAudit(db, brandId, { ...query, cursor, limit: 500 })
    for (const entry of page.entries) yield AUDIT_CSV_COLUMNS.map((column) => entry[column])
    cursor = page.next_cursor ?? undefined
  } while (cursor)
}
