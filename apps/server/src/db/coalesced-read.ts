/**
 * A hot read by a row's id and brand, shared by the requests that ask it in the same turn of the
 * event loop: on PostgreSQL their keys go in one statement, one round trip for all of them.
 *
 * Every request of a store reads its session, and GET /api/cart reads nothing else; on PostgreSQL
 * each such read is a message to another process and back. On this kind of machine the store's
 * process spends more of its CPU writing that message to the socket (waking a backend that slept)
 * than on the rest of the read, and PostgreSQL's backend more on the message than on the statement
 * (docs/performance.md, "PostgreSQL"; decision 273). So reads that start while others are waiting
 * for their turn are sent together: the first read of a turn waits for the end of the turn
 * (`setImmediate`: the requests whose bytes arrived in the same poll of the sockets are all parsed
 * by then), then one statement reads every key of the turn. One read alone runs the single
 * statement, as before, so a quiet store sends what it always sent.
 *
 * The same rows and the same checks as each read alone: the batch names each row by its id and
 * its brand (`(id, brand_id) in (...)`), and each caller gets only the row of its own key, or
 * none. A failed batch fails each of its reads (as the database being down would). SQLite and
 * transactions read at once: on SQLite a read is a function call in this process (nothing to
 * share), and a transaction's read must see its own writes.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely'
import { dialectOf } from './connection.ts'
import { preparedQuery, type PreparedQuery } from './prepared.ts'
import type { Database } from './schema.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A row's key: its id and its brand. */
export type RowKey = {
  id: string
  brandId: string
}

/** The keys of a batch as two arrays, in the same order (PostgreSQL's `unnest($1::text[], $2::text[])`). */
export interface RowKeys extends Record<string, unknown> {
  ids: string[]
  brandIds: string[]
}

/** The where of `many`: the table's (id, brand_id) is one of the keys (PostgreSQL only: `many` runs there alone). */
export function rowKeyIn(table: string, keys: RowKeys): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.id`)}, ${sql.ref(`${table}.brand_id`)}) in (select * from unnest(${keys.ids}::text[], ${keys.brandIds}::text[]))`
}

/** Keys read in one statement at most; a larger turn takes more statements. */
const MOST_KEYS_A_STATEMENT = 64

interface Waiting<R> {
  key: RowKey
  resolve: (row: R | undefined) => void
  reject: (error: unknown) => void
}

export interface CoalescedRead<R> {
  /** The row of this id at this brand, or undefined. */
  first(db: Db, key: RowKey): Promise<R | undefined>
}

/**
 * `one` reads one key (id, brandId); `many` reads the keys of a batch and must answer each row's
 * own key through `keyOf`. Both must read the same columns with the same rules.
 */
export function coalescedRead<R>(one: PreparedQuery<RowKey, R>, many: PreparedQuery<RowKeys, R>, keyOf: (row: R) => RowKey): CoalescedRead<R> {
  const turns = new WeakMap<Db, Waiting<R>[]>()

  async function flush(db: Db, waiting: Waiting<R>[]): Promise<void> {
    if (waiting.length === 1) {
      const [only] = waiting as [Waiting<R>]
      return one.first(db, only.key).then(only.resolve, only.reject)
    }
    for (let start = 0; start < waiting.length; start += MOST_KEYS_A_STATEMENT) {
      const part = waiting.slice(start, start + MOST_KEYS_A_STATEMENT)
      const keys = new Map<string, RowKey>()
      for (const { key } of part) keys.set(textOf(key), key)
      const values: RowKeys = { ids: [], brandIds: [] }
      for (const key of keys.values()) {
        values.ids.push(key.id)
        values.brandIds.push(key.brandId)
      }
      many.execute(db, values).then(
        (rows) => {
          const found = new Map<string, R>()
          for (const row of rows) found.set(textOf(keyOf(row)), row)
          for (const each of part) each.resolve(found.get(textOf(each.key)))
        },
        (error: unknown) => {
          for (const each of part) each.reject(error)
        },
      )
    }
  }

  return {
    first(db, key) {
      if (db.isTransaction || dialectOf(db as Kysely<Database>) !== 'postgres') return one.first(db, key)
      return new Promise<R | undefined>((resolve, reject) => {
        let waiting = turns.get(db)
        if (!waiting) {
          const turn: Waiting<R>[] = []
          waiting = turn
          turns.set(db, turn)
          setImmediate(() => {
            turns.delete(db)
            void flush(db, turn)
          })
        }
        waiting.push({ key, resolve, reject })
      })
    },
  }
}

/**
 * The rows of `select` by `table`'s id and brand: the single statement (`id = $1 and brand_id = $2`)
 * and the batch's (`rowKeyIn`) both made from the one select, each row answered by its own id and
 * brand_id. What the store's hot reads use; `coalescedRead` takes the two statements as they are.
 */
export function coalescedRowRead<TB extends keyof Database & string, O extends { id: string; brand_id: string }>(
  table: TB,
  select: (db: Db) => SelectQueryBuilder<Database, TB, O>,
): CoalescedRead<O> {
  const column = (name: string) => sql.ref(`${table}.${name}`)
  return coalescedRead(
    preparedQuery((db, key: RowKey) => select(db).where(sql<SqlBool>`${column('id')} = ${key.id} and ${column('brand_id')} = ${key.brandId}`)),
    preparedQuery((db, keys: RowKeys) => select(db).where(rowKeyIn(table, keys))),
    (row) => ({ id: row.id, brandId: row.brand_id }),
  )
}

/** A key as one text: an id and a brand never hold a NUL. */
function textOf(key: RowKey): string {
  return `${key.brandId}\u0000${key.id}`
}
