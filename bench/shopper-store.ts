/**
 * What the page benches share: a shopper with a cart on a started store, and the
 * CPU time of the store's process read from /proc (utime + stime of all its threads).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const localhost = { host: 'localhost' }

/** The pid of the process listening on this port (linux: `ss`). */
export function serverPid(port: number): string {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' })
  const pid = /pid=(\d+)/.exec(line)?.[1]
  if (!pid) throw new Error(`nothing listens on ${port}`)
  return pid
}

/** CPU time (ms, user + system) the process has used. */
export function processCpuMs(pid: string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** CPU time (ms) the process listening on this port has used. */
export function serverCpuMs(port: number): number {
  return processCpuMs(serverPid(port))
}

/**
 * A shopper whose cart holds two lines (the second and third leggings, each in its
 * first size), so a cart read does real work: the session cookie, and the first
 * leggings' id for the item page.
 */
export async function shopperWithCart(origin: string): Promise<{ cookie: string; itemId: number }> {
  const get = (path: string) => fetch(`${origin}${path}`, { headers: localhost })
  const category = (await (await get('/api/categories/leggings')).json()) as { data: { items: { id: number }[] } }
  let cookie = ''
  for (const id of category.data.items.slice(1, 3).map((item) => item.id)) {
    const detail = (await (await get(`/api/items/${id}`)).json()) as { data: { availableSizes: string[] } }
    const added = await fetch(`${origin}/api/cart/items`, {
      method: 'POST',
      headers: { ...localhost, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `item_id=${id}&size=${encodeURIComponent(detail.data.availableSizes[0]!)}&qty=1`,
    })
    // the first line written starts the session
    cookie = added.headers.get('set-cookie')?.split(';')[0] ?? cookie
  }
  if (!cookie) throw new Error('adding to the cart started no session')
  return { cookie, itemId: category.data.items[0]!.id }
}
