import { describe, expect, it } from 'vitest'
import { parseEnv, testPaymentsWarning } from './env.ts'

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

  it('refuses photos on local disk when several instances serve the store, and says what to do', () => {
    expect(() => parseEnv({ INSTANCES: '3' })).toThrow(/INSTANCES=3 with MEDIA_STORAGE=local: a photo uploaded to one instance would be missing on the others.*MEDIA_STORAGE=s3/)
    expect(parseEnv({ INSTANCES: '3', MEDIA_STORAGE: 's3', S3_BUCKET: 'photos' }).INSTANCES).toBe(3)
    expect(parseEnv({ INSTANCES: '1' }).MEDIA_STORAGE).toBe('local')
    expect(parseEnv({}).INSTANCES).toBe(1)
  })

  it('reads how many club charges a billing run has at the payment service at once, and refuses nonsense', () => {
    // by default no more than a Stripe account allows one endpoint at a 200 ms answer (25 a second, decision 268)
    expect(parseEnv({}).CLUB_BILLING_CONCURRENCY).toBe(5)
    expect(parseEnv({ CLUB_BILLING_CONCURRENCY: '300' }).CLUB_BILLING_CONCURRENCY).toBe(300)
    expect(() => parseEnv({ CLUB_BILLING_CONCURRENCY: '0' })).toThrow(/Invalid environment: CLUB_BILLING_CONCURRENCY/)
    expect(() => parseEnv({ CLUB_BILLING_CONCURRENCY: 'many' })).toThrow(/Invalid environment: CLUB_BILLING_CONCURRENCY/)
  })

  it("stops with 'Unknown project' when the content service has no project", () => {
    expect(() => parseEnv({ CONTENT_SOURCE: 'sanity' })).toThrow('Unknown project')
    expect(() => parseEnv({ CONTENT_SOURCE: 'sanity', SANITY_PROJECT_ID: '' })).toThrow('Unknown project')
    // with a project, the Sanity adapter reads the production dataset unless told otherwise
    const env = parseEnv({ CONTENT_SOURCE: 'sanity', SANITY_PROJECT_ID: 'abc123' })
    expect(env.CONTENT_SOURCE).toBe('sanity')
    expect(env.SANITY_DATASET).toBe('production')
    expect(() => parseEnv({ CONTENT_SOURCE: 'sanity', SANITY_PROJECT_ID: 'Not A Project!' })).toThrow(/SANITY_PROJECT_ID is the project id/)
    expect(() => parseEnv({ SANITY_WEBHOOK_SECRET: 'short' })).toThrow(/SANITY_WEBHOOK_SECRET must be at least 16 characters/)
  })

  it('gives each brand a public origin: local addresses for the demo store, the registry domains in a production deployment', () => {
    expect(parseEnv({ PORT: '4100' }).publicOrigins).toEqual({
      popfitclothing: 'http://localhost:4100',
      ckb: 'http://ckb.localhost:4100',
      glow: 'http://glow.localhost:4100',
    })
    // npm start on the embedded database is the demo store on this machine
    expect(parseEnv({ NODE_ENV: 'production', PORT: '3000' }).publicOrigins.ckb).toBe('http://ckb.localhost:3000')
    expect(parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/store', PAYMENT_GATEWAY: 'test' }).publicOrigins).toEqual({
      popfitclothing: 'https://popfitclothing.com',
      ckb: 'https://ckbintimates.com',
      glow: 'https://glowlounge.com',
    })
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_ORIGINS: 'local', PORT: '80' }).publicOrigins.popfitclothing).toBe('http://localhost')
  })

  it('takes brand=origin pairs and one-brand overrides, and refuses anything but an origin', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      PUBLIC_ORIGINS: 'ckb=https://shop.ckb.example/, glow=http://glow.test:8080',
      PUBLIC_ORIGIN_POPFITCLOTHING: 'https://www.popfitclothing.com',
    })
    expect(env.publicOrigins).toEqual({
      popfitclothing: 'https://www.popfitclothing.com',
      ckb: 'https://shop.ckb.example',
      glow: 'http://glow.test:8080',
    })
    expect(() => parseEnv({ PUBLIC_ORIGINS: 'nobody=https://x.example' })).toThrow(/PUBLIC_ORIGINS/)
    expect(() => parseEnv({ PUBLIC_ORIGIN_CKB: 'https://x.example/shop' })).toThrow(/PUBLIC_ORIGIN_CKB/)
    expect(() => parseEnv({ PUBLIC_ORIGIN_GLOW: 'ftp://x.example' })).toThrow(/PUBLIC_ORIGIN_GLOW/)
  })

  it('refuses a public origin on a host that serves another brand: a host names one brand', () => {
    expect(() => parseEnv({ PUBLIC_ORIGIN_CKB: 'https://localhost:8443' })).toThrow(/public origin of ckb.*serves popfitclothing/)
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_ORIGINS: 'ckb=https://shop.example, glow=https://shop.example' })).toThrow(/host of its own/)
  })

  describe('the payment gateway of a production start', () => {
    const deployment = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/store' }

    it('is refused when not named: a deployment would take any valid card number as paid', () => {
      expect(() => parseEnv(deployment)).toThrow(/PAYMENT_GATEWAY is not set in production.*PAYMENT_GATEWAY=stripe.*PAYMENT_GATEWAY=test/)
      expect(() => parseEnv({ ...deployment, PAYMENT_GATEWAY: '' })).toThrow(/PAYMENT_GATEWAY/)
    })

    it('takes a real gateway, or test cards when PAYMENT_GATEWAY=test is said, and then warns that payments are not real', () => {
      const stripe = parseEnv({ ...deployment, PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })
      expect(stripe.PAYMENT_GATEWAY).toBe('stripe')
      expect(testPaymentsWarning(stripe)).toBeNull()
      const test = parseEnv({ ...deployment, PAYMENT_GATEWAY: 'test' })
      expect(test.PAYMENT_GATEWAY).toBe('test')
      expect(testPaymentsWarning(test)).toMatch(/payments are NOT real/)
    })

    it('leaves development, tests and the embedded demo store on the test gateway, the demo store with the warning', () => {
      expect(parseEnv({}).PAYMENT_GATEWAY).toBe('test')
      expect(testPaymentsWarning(parseEnv({}))).toBeNull()
      expect(parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:' }).PAYMENT_GATEWAY).toBe('test')
      const demo = parseEnv({ NODE_ENV: 'production' })
      expect(demo.PAYMENT_GATEWAY).toBe('test')
      expect(testPaymentsWarning(demo)).toMatch(/not real/i)
    })
  })
})
