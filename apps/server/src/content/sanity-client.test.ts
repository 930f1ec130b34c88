import { describe, expect, it } from 'vitest'
import { sanityClient } from './sanity-content.ts'

describe("the Sanity client's settings (DESIGN §6)", () => {
  it('reads the production dataset on the API CDN of the project, API version 2023-05-03, published documents only, no token', () => {
    const config = sanityClient({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production', SANITY_API_HOST: undefined }).config()
    expect(config).toMatchObject({ projectId: 'abc123', dataset: 'production', apiVersion: '2023-05-03', useCdn: true, perspective: 'published' })
    expect(config.cdnUrl).toBe('https://abc123.apicdn.sanity.io/v2023-05-03')
    expect(config.token).toBeUndefined()
  })

  it('with another API address, asks it with the project in a header instead of the host name', () => {
    const config = sanityClient({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging', SANITY_API_HOST: 'http://127.0.0.1:4999/' }).config()
    expect(config).toMatchObject({ dataset: 'staging', useProjectHostname: false, useCdn: true })
    expect(config.cdnUrl).toBe('http://127.0.0.1:4999/v2023-05-03')
  })

  it("refuses to be made without a project: 'Unknown project' (SPEC §8)", () => {
    expect(() => sanityClient({ SANITY_PROJECT_ID: undefined, SANITY_DATASET: 'production', SANITY_API_HOST: undefined })).toThrow('Unknown project')
  })
})
