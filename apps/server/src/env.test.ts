import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'

describe('parseEnv', () => {
  it('defaults to port 3000 and the embedded database', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.COOKIE_SECURE).toBe(false)
  })

  it('reads PORT and refuses a port that is not a number', () => {
    expect(parseEnv({ PORT: '4100' }).PORT).toBe(4100)
    expect(() => parseEnv({ PORT: 'http' })).toThrow(/Invalid environment: PORT/)
  })

  it("stops with 'Unknown project' when the content service has no project", () => {
    expect(() => parseEnv({ CONTENT_SOURCE: 'sanity' })).toThrow('Unknown project')
    // with a project, the adapter itself is not built yet: it says so instead of serving local content
    expect(() => parseEnv({ CONTENT_SOURCE: 'sanity', SANITY_PROJECT_ID: 'abc123' })).toThrow(/not built yet/)
  })
})
