import type { Insertable, Kysely, Transaction } from 'kysely'
import { mulberry32 } from '../../shared/prng.ts'
import type { Database } from '../schema.ts'

export interface Random {
  next(): number
  /** integer in [min, max] */
  int(min: number, max: number): number
  pick<T>(list: readonly T[]): T
  chance(p: number): boolean
  /** a copy of list, shuffled */
  shuffle<T>(list: readonly T[]): T[]
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed)
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => {
      if (list.length === 0) throw new Error('pick from an empty list')
      return list[Math.floor(next() * list.length)] as T
    },
    chance: (p) => next() < p,
    shuffle: <T>(list: readonly T[]): T[] => {
      const copy = [...list]
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1))
        ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
      }
      return copy
    },
  }
}

/** A stable numeric seed from a string (FNV-1a). */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export type SeedDb = Kysely<Database> | Transaction<Database>
export type TableName = keyof Database & string
export type Rows<T extends TableName> = Insertable<Database[T]>[]

const MAX_ROWS = 100
const MAX_PARAMS = 30000

/**
 * Inserts rows in multi-row statements of at most 100 rows (and fewer than 30000 parameters).
 * Every row must name the same columns: SQLite has no DEFAULT in a multi-row VALUES list
 * (Kysely writes null there), so a missing column would break NOT NULL defaults.
 */
export async function insertBatches<T extends TableName>(db: SeedDb, table: T, rows: Rows<T>): Promise<number> {
  if (rows.length === 0) return 0
  const columns = Object.keys(rows[0] as object).sort()
  const signature = columns.join(',')
  for (const row of rows) {
    const keys = Object.keys(row as object)
      .sort()
      .join(',')
    if (keys !== signature) throw new Error(`seed: rows of ${table} differ in columns: [${keys}] vs [${signature}]`)
  }
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor((MAX_PARAMS - 1) / columns.length)))
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement)
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's generic insert over a table name union needs a cast
    const values = chunk as any[]
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's generic insert over a table name union needs a cast
    await (db as Kysely<any>).insertInto(table).values(values).execute()
  }
  return rows.length
}

export const json = (value: unknown): string => JSON.stringify(value)

const DAY_MS = 24 * 60 * 60 * 1000
export function daysAgo(now: Date, days: number, minutes = 0): string {
  return new Date(now.getTime() - days * DAY_MS - minutes * 60 * 1000).toISOString()
}

/** ~20% off, ending in 99 cents: 3999 -> 3199, 2999 -> 2399, 1499 -> 1199. */
export function memberPrice(priceCents: number): number {
  return Math.floor((priceCents * 0.8) / 100) * 100 + 99
}
