import { openDatabase } from './dist/db/connection.js'
import { readSessionWithOpenCart } from './dist/cart/cart.queries.js'
import { hashSessionToken } from './dist/sessions/session-handle.js'
import { readFileSync } from 'node:fs'
import SQLite from 'better-sqlite3'
const token = readFileSync('/tmp/cartdb/cookie', 'utf8').trim().split('=')[1]!
const store = openDatabase('sqlite:/tmp/cartdb/store.sqlite')
let sqlText = ''
store.watchQueries((s) => (sqlText = s))
const id = hashSessionToken(decodeURIComponent(token))
const r = await readSessionWithOpenCart(store.db, 'popfitclothing', id)
console.log(sqlText, JSON.stringify(r).slice(0, 200))
const N = 20000
for (let k = 0; k < 3; k++) {
  let t = process.hrtime.bigint()
  for (let i = 0; i < N; i++) await readSessionWithOpenCart(store.db, 'popfitclothing', id)
  console.log('kysely path µs', Number(process.hrtime.bigint() - t) / 1000 / N)
}
const raw = new SQLite('/tmp/cartdb/store.sqlite')
const st = raw.prepare(sqlText)
const params = ['open', 'image1', id, 'popfitclothing']
for (let k = 0; k < 3; k++) {
  let t = process.hrtime.bigint()
  for (let i = 0; i < N; i++) st.get(...params)
  console.log('raw statement µs', Number(process.hrtime.bigint() - t) / 1000 / N)
}
console.log(raw.prepare('explain query plan ' + sqlText).all(...params))
const { directReader } = await import('./dist/db/connection.js')
const dr = directReader(store.db)!
for (let k = 0; k < 3; k++) {
  let t = process.hrtime.bigint()
  for (let i = 0; i < N; i++) dr(sqlText, params)
  console.log('directReader µs', Number(process.hrtime.bigint() - t) / 1000 / N)
  t = process.hrtime.bigint()
  for (let i = 0; i < N; i++) st.all(params)
  console.log('raw all µs', Number(process.hrtime.bigint() - t) / 1000 / N)
}
