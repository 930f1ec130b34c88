/**
 * Hot queries built and compiled once per database, then run with new values.
 *
 * Building a Kysely query (its builders, frozen operation nodes, reference
 * parsing) and compiling it to SQL cost more than running a small statement:
 * the session look-up and the cart read paid that on every request. A prepared
 * query is built once per database with placeholders standing for its values,
 * compiled by that database's own dialect, and each run hands Kysely the
 * compiled query with the values put in their places. It still runs through
 * Kysely's executor (the pool, the query log and counts) or, for a read on
 * SQLite outside a transaction, straight to the connection's cached prepared
 * statement (db/connection.ts directReader), counted like any other; the same
 * SQL text finds the same prepared statement, so nothing is parsed again.
 *
 *     const findSession = preparedQuery((db, p: { id: string; brandId: string }) =>
 *       db.selectFrom('sessions').selectAll().where('id', '=', p.id).where('brand_id', '=', p.brandId))
 *     const row = await findSession.first(db, { id, brandId })
 *
 * The builder must use its values only as values of the query (compared,
 * inserted, limited by); a value read by JavaScript (`if (p.x)`, `${p.x}`)
 * would be a placeholder, so reading one that way throws at the first build.
 * Every value must reach the SQL: a placeholder missing from the compiled
 * parameters throws too. Inside a transaction the query is built for that
 * transaction alone (it is not kept).
 */
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type Transaction } from 'kysely'
import { directReader } from './connection.ts'
import type { Database } from './schema.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Where a value of the query goes: the parameter list names it by key, or keeps a constant of the query. */
type Slot<P> = { key: keyof P } | { value: unknown }

interface Compiled<P, R> {
  /** the compiled query with its constants; `parameters` is replaced at each run */
  query: CompiledQuery<R>
  slots: Slot<P>[]
}

const PLACEHOLDER = Symbol('placeholder')

class Placeholder {
  readonly [PLACEHOLDER]: string
  constructor(key: string) {
    this[PLACEHOLDER] = key
  }
  toString(): string {
    throw new Error(`preparedQuery: the value '${this[PLACEHOLDER]}' was read as text while the query was built; use it only as a value of the query`)
  }
  valueOf(): never {
    throw new Error(`preparedQuery: the value '${this[PLACEHOLDER]}' was read by JavaScript while the query was built; use it only as a value of the query`)
  }
  toJSON(): never {
    return this.valueOf()
  }
}

export interface PreparedQuery<P, R> {
  /** Every row. */
  execute(db: Db, values: P): Promise<R[]>
  /** The first row, or undefined. */
  first(db: Db, values: P): Promise<R | undefined>
  /** The SQL text this database runs (for tests). */
  sql(db: Db): string
}

export function preparedQuery<P extends Record<string, unknown>, R>(build: (db: Db, values: P) => Compilable<R>): PreparedQuery<P, R> {
  const perDatabase = new WeakMap<Db, Compiled<P, R>>()

  function compile(db: Db): Compiled<P, R> {
    const cached = perDatabase.get(db)
    if (cached) return cached
    const placeholders = new Map<string, Placeholder>()
    const values = new Proxy({} as P, {
      get(_target, key) {
        if (typeof key !== 'string') return undefined
        let placeholder = placeholders.get(key)
        if (!placeholder) {
          placeholder = new Placeholder(key)
          placeholders.set(key, placeholder)
        }
        return placeholder
      },
    })
    const compiled = build(db, values).compile()
    const used = new Set<string>()
    const slots = compiled.parameters.map((parameter): Slot<P> => {
      if (parameter instanceof Placeholder) {
        used.add(parameter[PLACEHOLDER])
        return { key: parameter[PLACEHOLDER] as keyof P }
      }
      return { value: parameter }
    })
    for (const key of placeholders.keys()) {
      if (!used.has(key)) throw new Error(`preparedQuery: the value '${key}' did not become a parameter of the query`)
    }
    const result = { query: compiled, slots }
    if (!db.isTransaction) perDatabase.set(db, result)
    return result
  }

  async function execute(db: Db, values: P): Promise<R[]> {
    const { query, slots } = compile(db)
    const parameters = slots.map((slot) => ('key' in slot ? values[slot.key] : slot.value))
    // SQLite outside a transaction: the statement at once (db/connection.ts directReader)
    const direct = db.isTransaction ? undefined : directReader(db)
    const rows = direct?.(query.sql, parameters)
    if (rows) return rows as R[]
    return (await db.executeQuery<R>({ sql: query.sql, query: query.query, queryId: createQueryId(), parameters })).rows
  }

  return {
    execute,
    async first(db, values) {
      return (await execute(db, values))[0]
    },
    sql: (db) => compile(db).query.sql,
  }
}
