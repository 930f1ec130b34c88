import { sql, type Transaction } from 'kysely'
import { dialectOf } from './connection.ts'
import type { Database } from './schema.ts'

/**
 * Makes writers of one cart, or of what one customer keeps (addresses, cards),
 * take turns until the transaction ends. They read before they write (a limit,
 * "is it there already?", the first default), and without turns each would act
 * on what it read: two tabs accepting one order bump would add it twice, and a
 * script saving forty addresses at once would pass the limit of thirty.
 *
 * PostgreSQL: a transaction-scoped advisory lock on the name, so the next writer
 * waits at this call, and under READ COMMITTED its next statement sees what the
 * first one committed. An advisory lock, not `SELECT … FOR UPDATE` on the
 * customer's row: the club's changes update that row after the membership's, and
 * a row lock taken here first would let the two wait for each other.
 * SQLite: nothing to take. Kysely drives its one connection behind a mutex, so a
 * transaction runs alone from BEGIN to COMMIT.
 *
 * A discount code with a cap on its uses: its orders take turns to count them (checkout/code-claims.ts).
 *
 * Call it first in the transaction.
 */
export async function takeTurn(trx: Transaction<Database>, of: 'cart' | 'customer' | 'discount-code', id: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${of}:${id}`}, 0))`.execute(trx)
}
