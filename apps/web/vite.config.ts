import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { clientChunks } from './client-chunks.ts'

const coreSource = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url))
const appDirectory = fileURLToPath(new URL('./app', import.meta.url))

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: {
    // bundle @store/core from its TypeScript source (packages/core/dist is for the server under Node)
    alias: [
      { find: '@store/core', replacement: coreSource },
      ...(isSsrBuild ? [] : [
        { find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
        { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
      ]),
    ],
  },
  ssr: {
    // bundle the workspace package into the server build instead of importing it at run time
    noExternal: ['@store/core'],
  },
  build: {
    // no source of the bundle may call out to another origin; fonts are inlined or emitted as assets
    assetsInlineLimit: 0,
    sourcemap: process.env.BUNDLE_SOURCEMAP === '1',
    // the browser's files: see client-chunks.ts
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: clientChunks({ appDirectory, coreBarrel: coreSource }) } },
  },
}))
