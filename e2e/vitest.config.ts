import { defineConfig } from 'vitest/config'

export default defineConfig({
  // @store/core from its TypeScript source, as in ../vitest.config.ts
  ssr: { resolve: { conditions: ['@store/source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 60_000,
    // expect.poll waits for what a page does in its own time (an answer, a render): vitest's default of
    // 1 s was shorter than a loaded 2-core machine takes to answer a login (the fresh-clone CI of bef835c
    // saw "expected '' to match /do not match/" there); 10 s, twice Playwright's own default
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
  },
})
