import { createRequestHandler } from 'react-router'
import { describe, expect, it } from 'vitest'
import * as entry from './entry.server'

describe('the server entry', () => {
  it("hands the server React Router's request handler from the bundle's own copy of the router", () => {
    // apps/server/src/web/ssr-plugin.ts takes it from build.entry.module (docs/decisions/014)
    expect(entry.createRequestHandler).toBe(createRequestHandler)
  })
})
