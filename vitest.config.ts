import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Tests import @store/core from its TypeScript source ("@store/source" in its
  // package.json exports), never from a possibly stale packages/core/dist
  // (the rest are Vite's default conditions for server code, less "module": vitest hands these to
  // Node as --conditions, and a package's "module" build is for bundlers — the AWS SDK's has imports
  // without file extensions, which Node refuses — so tests load packages as `npm start` does).
  ssr: { resolve: { conditions: ['@store/source', 'node', 'development|production'] } },
  // the same for the global setup, which vitest runs in an environment of its own
  environments: { __vitest__: { resolve: { conditions: ['@store/source', 'node', 'development|production'] } } },
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
