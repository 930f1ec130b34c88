import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { clientChunks } from './client-chunks.ts'

const coreSource = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url))
const appDirectory = fileURLToPath(new URL('./app', import.meta.url))
// React Router's package exports name only its development build (remix-run/react-router#14102):
// the browser's build gets the production one, without the development warnings. Both entry
// points, so there is one copy of the router. The server and the dev server keep what Node
// resolves (two copies there would be two router contexts).
const reactRouterBuilds = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist')
const reactRouterInBrowser = [
  { find: /^react-router$/, replacement: join(reactRouterBuilds, 'production', 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterBuilds, 'production', 'dom-export.mjs') },
]

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: {
    // bundle @store/core from its TypeScript source (packages/core/dist is for the server under Node)
    alias: [{ find: '@store/core', replacement: coreSource }, ...(command === 'build' && !isSsrBuild ? reactRouterInBrowser : [])],
  },
  ssr: {
    // bundle the workspace package into the server build instead of importing it at run time
    noExternal: ['@store/core'],
  },
  build: {
    // no source of the bundle may call out to another origin; fonts are inlined or emitted as assets
    assetsInlineLimit: 0,
    // BUNDLE_SOURCEMAP=1 npm run build:web: source maps, to see what each file is made of
    sourcemap: process.env.BUNDLE_SOURCEMAP === '1',
    // the browser's files: see client-chunks.ts
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: clientChunks({ appDirectory, coreBarrel: coreSource }) } },
  },
}))
