import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Tests import @store/core from its TypeScript source ("@store/source" in its
  // package.json exports), never from a possibly stale packages/core/dist
  // (the rest are Vite's default conditions for server code).
  ssr: { resolve: { conditions: ['@store/source', 'module', 'node', 'development|production'] } },
  // the same for the global setup, which vitest runs in an environment of its own
  environments: { __vitest__: { resolve: { conditions: ['@store/source', 'module', 'node', 'development|production'] } } },
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.ts', 'apps/web/app/**/*.test.ts', 'apps/web/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    // one migrated and seeded database per run, copied for each test store (apps/server/src/test/database-template.ts)
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // prom-client's @opentelemetry/api under the workers' "module" condition (apps/server/src/test/opentelemetry-cjs.ts)
    setupFiles: ['apps/server/src/test/opentelemetry-cjs.ts'],
  },
})
