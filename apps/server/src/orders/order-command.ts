/**
 * The warehouse's side of returns and exchanges from the command line, until the operator area
 * does it (docs/orders.md):
 *
 *     npm run order:receive-return -- <order number>   the return arrived: refunded, pieces back in stock
 *     npm run order:send-exchange -- <order number>    the exchange's replacement is sent
 *
 * The last line printed is a JSON summary: {"order": "...", "done": "refunded" | "refund pending" | "sent", ...}.
 */
import { brandsWithOrigins } from '../brands/registry.ts'
import { brandData } from '../context/request-context.ts'
import { openDatabase } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { parseEnv } from '../env.ts'
import { gatewayFor } from '../payments/gateway.ts'
import type { OrderScope } from './refunds.ts'
import { receiveReturn, sendExchange } from './warehouse-actions.ts'

const log = {
  info: (details: object, message: string) => console.error(message, JSON.stringify(details)),
  warn: (details: object, message: string) => console.error(message, JSON.stringify(details)),
  error: (details: object, message: string) => console.error(message, JSON.stringify(details)),
}

export async function runOrderCommand(argv: string[], env = parseEnv()): Promise<Record<string, string>> {
  const [command, orderNumber] = argv.filter((arg) => !arg.startsWith('-')).map((arg) => arg.trim())
  if ((command !== 'receive-return' && command !== 'send-exchange') || !orderNumber) {
    throw new Error('Usage: npm run order:receive-return -- <order number>, or npm run order:send-exchange -- <order number>')
  }
  const store = openDatabase(env.DATABASE_URL)
  try {
    await migrateToLatest(store.db)
    const order = await store.db.selectFrom('orders').select('brand_id').where('order_number', '=', orderNumber).executeTakeFirst()
    const brand = brandsWithOrigins(env.publicOrigins).find((candidate) => candidate.id === order?.brand_id)
    if (!order || !brand) throw new Error(`No order ${orderNumber}.`)
    const scope: OrderScope = { data: brandData(store, brand.id), now: () => new Date(), brand, origin: brand.publicOrigin, log }
    if (command === 'send-exchange') return { order: orderNumber, done: 'sent', replacement: await sendExchange(scope, orderNumber, 'job:send-exchange') }
    const outcome = await receiveReturn(scope, orderNumber, await gatewayFor(env), 'job:receive-return')
    return { order: orderNumber, done: outcome === 'pending' ? 'refund pending' : 'refunded' }
  } finally {
    await store.close()
  }
}

if (process.argv[1] && /order-command\.(js|ts)$/.test(process.argv[1])) {
  runOrderCommand(process.argv.slice(2))
    .then((result) => {
      console.log(JSON.stringify(result))
      process.exit(0)
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
