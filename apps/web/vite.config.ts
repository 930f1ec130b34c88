import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

const coreSource = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url))

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    // bundle @store/core from its TypeScript source (packages/core/dist is for the server under Node)
    alias: { '@store/core': coreSource },
  },
  ssr: {
    // bundle the workspace package into the server build instead of importing it at run time
    noExternal: ['@store/core'],
  },
  build: {
    // no source of the bundle may call out to another origin; fonts are inlined or emitted as assets
    assetsInlineLimit: 0,
  },
})
