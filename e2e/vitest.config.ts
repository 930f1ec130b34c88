import { defineConfig } from 'vitest/config'

export default defineConfig({
  // @store/core from its TypeScript source, as in ../vitest.config.ts
  ssr: { resolve: { conditions: ['@store/source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
  },
})
