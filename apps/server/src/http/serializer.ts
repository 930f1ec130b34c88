/**
 * Fastify's serializer compiler for zod response schemas: each schema is converted
 * once, at start-up, to JSON Schema and compiled by fast-json-stringify into a
 * function that writes exactly the declared properties (anything else a service
 * returns is dropped, so nothing extra leaks out). No zod parse per answer: the
 * types (contract<T>() in response-schemas.ts) already prove what the services return.
 * See docs/decisions/013-response-schemas.md.
 */
import type { FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'
import { z } from 'zod'
import { deepFreeze } from '../shared/ttl-cache.ts'

type JsonSchema = Record<string, unknown>
type Serialize = (data: unknown) => string
/** A route's answer writer: text, or the kept bytes of a shared answer. */
type SerializeAnswer = (data: unknown) => string | Buffer

/** One compiled function per schema: the error body is shared by every route. */
const compiled = new WeakMap<object, SerializeAnswer>()

/** Values every request shares and nobody changes (sharedAnswer). */
const sharedAnswers = new WeakSet<object>()

/**
 * Marks a value as an answer every request shares (a cached category or item
 * page, the same for every visitor of a brand and price list until its cache
 * drops it): it is frozen, deeply, and `{ data: value }` is written once per
 * response schema and kept as long as the value lives (a WeakMap: when the
 * cache lets the value go, the text goes with it). What a shopper sees is
 * exactly what writing it again would give, so nothing is served that the
 * value's own cache would not serve; values made per request (a cart) are never
 * marked and are written every time.
 */
export function sharedAnswer<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value
  deepFreeze(value)
  sharedAnswers.add(value)
  return value
}

/** `{ data }` and nothing else, whose data is a shared answer. */
function sharedData(payload: unknown): object | null {
  if (payload === null || typeof payload !== 'object') return null
  const data = (payload as { data?: unknown }).data
  if (data === null || typeof data !== 'object' || !sharedAnswers.has(data)) return null
  for (const key in payload) if (key !== 'data') return null
  return data
}

/**
 * The schema's function, writing a shared answer's `{ data }` once and reusing it,
 * kept as UTF-8 bytes: Fastify sends a Buffer as it is, where a text (a category is
 * 48 kB) would be measured and encoded again for every answer.
 */
function memoisingShared(serialize: Serialize): SerializeAnswer {
  const written = new WeakMap<object, Buffer>()
  return (payload) => {
    const data = sharedData(payload)
    if (!data) return serialize(payload)
    let bytes = written.get(data)
    if (bytes === undefined) {
      bytes = Buffer.from(serialize(payload), 'utf8')
      written.set(data, bytes)
    }
    return bytes
  }
}

/**
 * No metadata: the named contract schemas (ids in zod's global registry, components of
 * /api/openapi.json) are written inline here, and descriptions do not matter to a serializer.
 */
const noMetadata = z.registry<Record<string, unknown>>()

/** z.toJSONSchema as fast-json-stringify reads it (draft-07, the answer's output side, every schema inline). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    metadata: noMetadata,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  })
  delete json.$schema
  return simplify(json) as JsonSchema
}

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable object or array) becomes
 * `{...X, nullable: true}`: fast-json-stringify writes that directly, where an
 * anyOf would make it validate every answer with ajv to pick the branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify)
  if (!node || typeof node !== 'object') return node
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value)
  const anyOf = out.anyOf
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((option) => isNullSchema(option))
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined
    if (nullIndex >= 0 && other && typeof other === 'object' && !('$ref' in other) && !('anyOf' in other) && typeof other.type === 'string') {
      const { anyOf: _dropped, ...rest } = out
      return { ...rest, ...other, nullable: true }
    }
  }
  return out
}

function isNullSchema(node: unknown): boolean {
  return !!node && typeof node === 'object' && (node as JsonSchema).type === 'null' && Object.keys(node).length === 1
}

export function compileResponseSerializer(schema: z.ZodType): SerializeAnswer {
  let serialize = compiled.get(schema)
  if (!serialize) {
    serialize = memoisingShared(fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as Serialize)
    compiled.set(schema, serialize)
  }
  return serialize
}

/**
 * app.setSerializerCompiler(serializerCompiler): a route's zod response schemas; a plain
 * JSON Schema (a plugin's own route) is compiled as it is.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType | JsonSchema> = ({ schema }) => {
  // Fastify's types say text; it sends a Buffer as it is too (reply.js, onSendEnd), which is how a shared answer's kept bytes go out
  if (schema instanceof z.ZodType) return compileResponseSerializer(schema) as (data: unknown) => string
  return fastJson(schema as unknown as Parameters<typeof fastJson>[0]) as Serialize
}
