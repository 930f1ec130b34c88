/**
 * vitest starts its workers with Node's `--conditions module` (vitest.config.ts's
 * server conditions), under which `require('@opentelemetry/api')` (prom-client's,
 * operations/metrics.ts) resolves to that package's "module" build, whose
 * extensionless imports only a bundler can load. Its CommonJS build is put in
 * require's cache under that name first, so the require finds it. Tests only:
 * production runs Node without that condition.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const resolved = require.resolve('@opentelemetry/api')
if (resolved.includes('/build/esm/')) {
  const commonJs = resolved.replace('/build/esm/', '/build/src/')
  require(commonJs)
  const loaded = require.cache[commonJs]
  if (loaded) require.cache[resolved] = loaded
}
