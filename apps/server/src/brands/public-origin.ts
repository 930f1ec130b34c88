import type { Env } from '../env.ts'
import type { Brand } from './registry.ts'

/**
 * The brand's public origin: where every absolute URL the server writes
 * points (e-mail links, canonical, sitemap), never taken from a request header.
 */
export function publicOriginOf(brand: Brand, env: Pick<Env, 'PORT' | 'NODE_ENV'>): string {
  const host = brand.hostnames[0]!
  return env.NODE_ENV === 'production' ? `https://${host}` : `http://${host}:${env.PORT}`
}
