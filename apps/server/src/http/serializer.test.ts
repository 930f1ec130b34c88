import { describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers, errorBodySchema } from './response-schemas.ts'
import { compileResponseSerializer, responseJsonSchema, serializerCompiler, sharedAnswer } from './serializer.ts'

/** What the zod serializer this one replaces wrote: zod's parse (unknown keys stripped), then JSON.stringify. */
const zodWay = (schema: z.ZodType, data: unknown) => JSON.parse(JSON.stringify(schema.parse(data))) as unknown
const fastWay = (schema: z.ZodType, data: unknown) => JSON.parse(String(compileResponseSerializer(schema)(data))) as unknown

const image = z.object({ url: z.string(), width: z.number().nullable() })
const shapes = z.object({
  text: z.string(),
  count: z.int(),
  money: z.number(),
  flag: z.boolean(),
  maybeText: z.string().nullable(),
  maybeImage: image.nullable(),
  maybeList: z.array(z.string()).nullable(),
  optionalText: z.string().optional(),
  optionalImage: image.optional(),
  byKind: z.record(z.string(), image),
  free: z.record(z.string(), z.unknown()),
  anything: z.array(z.unknown()),
  either: z.union([z.string(), z.number()]),
  shape: z.discriminatedUnion('kind', [z.object({ kind: z.literal('circle'), radius: z.number() }), z.object({ kind: z.literal('square'), side: z.number() })]),
  level: z.enum(['low', 'high']),
  list: z.array(image),
})

const full = {
  text: 'Leggings "high" \u2028 </script>',
  count: 3,
  money: 39.99,
  flag: false,
  maybeText: 'x',
  maybeImage: { url: '/a.svg', width: 10 },
  maybeList: ['a'],
  optionalText: 'here',
  optionalImage: { url: '/b.svg', width: null },
  byKind: { image1: { url: '/1.svg', width: 1 }, image2: { url: '/2.svg', width: null } },
  free: { badge: 'new', nested: { deep: [1, 'two', null] }, n: 1.5 },
  anything: [1, 'a', { b: null }, [true]],
  either: 7,
  shape: { kind: 'square', side: 2 },
  level: 'high',
  list: [{ url: '/c.svg', width: 3 }],
}

describe('the fast-json-stringify serializer of response schemas', () => {
  it('writes what the zod serializer wrote, for every shape the contract uses', () => {
    expect(fastWay(shapes, full)).toEqual(zodWay(shapes, full))
    expect(fastWay(shapes, full)).toEqual(full)
  })

  it('writes null, absent optionals and the other union branches as they are', () => {
    const sparse = {
      ...full,
      maybeText: null,
      maybeImage: null,
      maybeList: null,
      optionalText: undefined,
      optionalImage: undefined,
      either: 'seven',
      shape: { kind: 'circle', radius: 1 },
      byKind: {},
      free: {},
      anything: [],
      list: [],
    }
    const written = fastWay(shapes, sparse) as Record<string, unknown>
    expect(written).toEqual(zodWay(shapes, sparse))
    expect('optionalText' in written).toBe(false)
    expect(written.maybeImage).toBeNull()
  })

  it('drops every property the schema does not declare, at any depth', () => {
    const leaky = {
      ...full,
      password_hash: 'secret',
      maybeImage: { url: '/a.svg', width: 1, internal_path: '/srv/x' },
      byKind: { image1: { url: '/1.svg', width: 1, cost_cents: 500 } },
      list: [{ url: '/c.svg', width: 3, supplier: 'acme' }],
    }
    const text = String(compileResponseSerializer(shapes)(leaky))
    expect(text).not.toMatch(/secret|internal_path|cost_cents|supplier|password_hash/)
    expect(JSON.parse(text)).toEqual(zodWay(shapes, leaky))
  })

  it('turns nullable objects into fast-json-stringify nullable, not an anyOf it would validate with ajv', () => {
    const json = responseJsonSchema(z.object({ image: image.nullable(), text: z.string().nullable() })) as {
      properties: Record<string, Record<string, unknown>>
    }
    expect(json.properties.image).toMatchObject({ type: 'object', nullable: true })
    expect(json.properties.image!.anyOf).toBeUndefined()
  })

  it('compiles a schema once, however many routes share it', () => {
    expect(compileResponseSerializer(errorBodySchema)).toBe(compileResponseSerializer(errorBodySchema))
  })

  it('serialises the answers and the errors of a route', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    app.get('/thing', { schema: { querystring: z.object({ fail: z.string().optional() }), response: answers(z.object({ name: z.string() })) } }, async (request, reply) => {
      if (request.query.fail) return reply.code(422).send({ errors: [{ message: 'No', field: 'fail', stack: 'at x' } as never] })
      return { data: { name: 'ok', secret: 'no' } as { name: string } }
    })
    const ok = await app.inject('/thing')
    expect(ok.body).toBe('{"data":{"name":"ok"}}')
    const failed = await app.inject('/thing?fail=1')
    expect(failed.statusCode).toBe(422)
    expect(failed.json()).toEqual({ errors: [{ message: 'No', field: 'fail' }] })
    await app.close()
  })

  it("compiles a plugin's plain JSON Schema as it is", async () => {
    const app = Fastify()
    app.setSerializerCompiler(serializerCompiler)
    app.get('/plain', { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } }, async () => ({ ok: true, hidden: 1 }))
    expect((await app.inject('/plain')).body).toBe('{"ok":true}')
    await app.close()
  })

  describe('shared answers (cached catalogue values)', () => {
    const card = z.object({ name: z.string(), price: z.number(), sizes: z.array(z.string()) })
    const envelope = answers(card)[200]

    it('are written once per value, and exactly as writing them again would', () => {
      const serialize = compileResponseSerializer(envelope)
      const value = sharedAnswer({ name: 'Leggings', price: 39.99, sizes: ['S', 'M'], cost_cents: 500 })
      const first = serialize({ data: value })
      // kept as UTF-8 bytes, which Fastify sends as they are
      expect(Buffer.isBuffer(first)).toBe(true)
      expect(first.toString()).toBe('{"data":{"name":"Leggings","price":39.99,"sizes":["S","M"]}}')
      expect(serialize({ data: value })).toBe(first)
      // the text is kept: the value is not read again (a proxy counts the reads)
      let reads = 0
      const watched = sharedAnswer(
        new Proxy(value, {
          get: (target, key, receiver) => {
            reads++
            return Reflect.get(target, key, receiver)
          },
        }),
      )
      const watchedFirst = serialize({ data: watched })
      expect(watchedFirst).toEqual(first)
      expect(reads).toBeGreaterThan(0)
      reads = 0
      expect(serialize({ data: watched })).toBe(watchedFirst)
      expect(reads).toBe(0)
      // an equal object that is not marked is written anew each time
      const copy = { name: 'Leggings', price: 39.99, sizes: ['S', 'M'] }
      let copyReads = 0
      const unmarked = new Proxy(copy, {
        get: (target, key, receiver) => {
          copyReads++
          return Reflect.get(target, key, receiver)
        },
      })
      serialize({ data: unmarked })
      const once = copyReads
      serialize({ data: unmarked })
      expect(copyReads).toBe(2 * once)
    })

    it('are frozen to the bottom, so what was written cannot drift from the value', () => {
      const value = sharedAnswer({ name: 'Tank', price: 20, sizes: ['S'] })
      expect(Object.isFrozen(value)).toBe(true)
      expect(Object.isFrozen(value.sizes)).toBe(true)
      expect(() => {
        ;(value.sizes as string[]).push('XL')
      }).toThrow()
    })

    it('are written every time when not marked, or when the answer carries more than data', () => {
      const serialize = compileResponseSerializer(envelope)
      const plain = { name: 'Cart line', price: 10, sizes: ['S'] }
      expect(serialize({ data: plain })).toBe('{"data":{"name":"Cart line","price":10,"sizes":["S"]}}')
      plain.price = 12
      expect(serialize({ data: plain })).toBe('{"data":{"name":"Cart line","price":12,"sizes":["S"]}}')
      const shared = sharedAnswer({ name: 'Bra', price: 30, sizes: ['M'] })
      const withMore = { data: shared, extra: 1 }
      const loose = compileResponseSerializer(z.object({ data: card, extra: z.number() }))
      expect(loose(withMore)).toBe('{"data":{"name":"Bra","price":30,"sizes":["M"]},"extra":1}')
      withMore.extra = 2
      expect(loose(withMore)).toBe('{"data":{"name":"Bra","price":30,"sizes":["M"]},"extra":2}')
    })

    it('are kept apart per schema: one value under two schemas gives each its own text', () => {
      const value = sharedAnswer({ name: 'Hoodie', price: 55, sizes: ['L'] })
      const narrow = compileResponseSerializer(answers(z.object({ name: z.string() }))[200])
      expect(compileResponseSerializer(envelope)({ data: value }).toString()).toBe('{"data":{"name":"Hoodie","price":55,"sizes":["L"]}}')
      expect(narrow({ data: value }).toString()).toBe('{"data":{"name":"Hoodie"}}')
    })
  })
})
