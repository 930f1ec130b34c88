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

type JsonSchema = Record<string, unknown>
type Serialize = (data: unknown) => string

/** One compiled function per schema: the error body is shared by every route. */
const compiled = new WeakMap<object, Serialize>()

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

export function compileResponseSerializer(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema)
  if (!serialize) {
    serialize = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as Serialize
    compiled.set(schema, serialize)
  }
  return serialize
}

/**
 * app.setSerializerCompiler(serializerCompiler): a route's zod response schemas; a plain
 * JSON Schema (a plugin's own route) is compiled as it is.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType | JsonSchema> = ({ schema }) => {
  if (schema instanceof z.ZodType) return compileResponseSerializer(schema)
  return fastJson(schema as unknown as Parameters<typeof fastJson>[0]) as Serialize
}
