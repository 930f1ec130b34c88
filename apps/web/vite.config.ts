import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { clientChunks } from './client-chunks.ts'
import { routerCaches } from './router-caches.build.ts'

const coreSource = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url))
const appDirectory = fileURLToPath(new URL('./app', import.meta.url))
// React Router's package exports name only its development build (remix-run/react-router#14102),
// whose development warnings and checks run on every render. Both builds get the production one:
// the browser's (both entry points, so there is one copy of the router), and the server's, which
// bundles it (ssr.noExternal) and hands the server its request handler from the same copy
// (entry.server.tsx re-exports createRequestHandler): two copies in one process would be two
// router contexts.
const reactRouterBuilds = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist')
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterBuilds, 'production', 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterBuilds, 'production', 'dom-export.mjs') },
]

export default defineConfig(({ command, isSsrBuild }) => ({
  // routerCaches: the server build's route matches and route objects, once per path and build (router-caches.build.ts)
  plugins: [reactRouter(), routerCaches()],
  resolve: {
    // bundle @store/core from its TypeScript source (packages/core/dist is for the server under Node)
    alias: [{ find: '@store/core', replacement: coreSource }, ...(command === 'build' ? reactRouterProduction : [])],
  },
  ssr: {
    // bundle the workspace package, and React Router's production build, into the server build
    // instead of importing them at run time
    noExternal: ['@store/core', 'react-router'],
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
