import { describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers, errorBodySchema } from './response-schemas.ts'
import { compileResponseSerializer, responseJsonSchema, serializerCompiler } from './serializer.ts'

/** What the zod serializer this one replaces wrote: zod's parse (unknown keys stripped), then JSON.stringify. */
const zodWay = (schema: z.ZodType, data: unknown) => JSON.parse(JSON.stringify(schema.parse(data))) as unknown
const fastWay = (schema: z.ZodType, data: unknown) => JSON.parse(compileResponseSerializer(schema)(data)) as unknown

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
  shape: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('circle'), radius: z.number() }),
    z.object({ kind: z.literal('square'), side: z.number() }),
  ]),
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
    const text = compileResponseSerializer(shapes)(leaky)
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
    app.get(
      '/thing',
      { schema: { querystring: z.object({ fail: z.string().optional() }), response: answers(z.object({ name: z.string() })) } },
      async (request, reply) => {
        if (request.query.fail) return reply.code(422).send({ errors: [{ message: 'No', field: 'fail', stack: 'at x' } as never] })
        return { data: { name: 'ok', secret: 'no' } as { name: string } }
      },
    )
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
    app.get(
      '/plain',
      { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } },
      async () => ({ ok: true, hidden: 1 }),
    )
    expect((await app.inject('/plain')).body).toBe('{"ok":true}')
    await app.close()
  })
})
