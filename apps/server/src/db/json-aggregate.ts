import type { RawBuilder } from 'kysely'
import { jsonArrayFrom as postgresArrayFrom, jsonObjectFrom as postgresObjectFrom } from 'kysely/helpers/postgres'
import { jsonArrayFrom as sqliteArrayFrom, jsonObjectFrom as sqliteObjectFrom } from 'kysely/helpers/sqlite'
import type { Dialect } from './connection.ts'

/**
 * Related rows as one JSON array column of the outer row, so a parent and its
 * children come back in one statement (`(select json_group_array(...))` on
 * SQLite, `(select json_agg(...))` on PostgreSQL). The subquery must name its
 * columns (no selectAll) and its rows should carry what to sort by: an
 * aggregate's order is not promised by either database, so callers sort.
 * Typed unknown on purpose: SQLite gives JSON text, pg parses it; read the
 * column with `readJsonColumn`.
 * One level only: on SQLite a JSON array nested in another loses its JSON
 * type through the derived table and comes back as a string.
 */
export function jsonArrayFrom<O>(dialect: Dialect, expr: Parameters<typeof sqliteArrayFrom<O>>[0]): RawBuilder<unknown> {
  return dialect === 'postgres' ? postgresArrayFrom(expr) : sqliteArrayFrom(expr)
}

/** A related row as one JSON object column of the outer row (null when there is none); read it with `readJsonColumn`. */
export function jsonObjectFrom<O>(dialect: Dialect, expr: Parameters<typeof sqliteObjectFrom<O>>[0]): RawBuilder<unknown> {
  return dialect === 'postgres' ? postgresObjectFrom(expr) : sqliteObjectFrom(expr)
}

/** A JSON column as a value (SQLite returns JSON as text, pg already parsed it). */
export function readJsonColumn<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback
  if (typeof value === 'string') return JSON.parse(value) as T
  return value as T
}

/** Rows sorted by their `position` (what json aggregates do not keep for sure). */
export function byPosition<T extends { position: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.position - b.position)
}
