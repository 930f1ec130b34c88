/**
 * The operator's app (apps/admin): a React app of its own, built into apps/admin/build and
 * served by the store's server at /admin on every brand's host (server: admin-app/). Its
 * JavaScript lives under /admin/assets and is never linked from a shopper's page.
 */
import { defineConfig } from 'vite'

export default defineConfig({
  base: '/admin/',
  // React's automatic JSX runtime, by esbuild (no plugin needed for a build)
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'build',
    emptyOutDir: true,
    // no inline script: the page's CSP allows scripts from /admin/assets only
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
})
