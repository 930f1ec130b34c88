/**
 * The pieces every route's response schema is made of (docs/decisions/013-response-schemas.md):
 *
 *   schema: { ..., response: answers(cartSchema) }
 *
 * declares `200: { data: <the contract schema> }` and the error body of DESIGN §4 for
 * 4xx and 5xx. The schema is what Fastify serialises with (http/serializer.ts) and what
 * /api/openapi.json documents; `contract<T>()` ties each schema to its type in
 * packages/core/src/contract, so tsc fails when the two drift apart.
 */
import { z } from 'zod'
import type { ErrorBody } from './errors.ts'

/** True when A and B are the same type: not merely assignable either way (an extra optional field counts). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false

/** What tsc shows when a schema and its contract type differ. */
interface ContractDrift<Schema, Contract> {
  'the response schema does not produce the contract type': { schema: Schema; contract: Contract }
}

/**
 * `contract<Cart>('Cart')(z.object({...}))`: the schema, accepted only when what it
 * serialises (z.output) is exactly the contract type T. Named with the type's name, it
 * is one of the components of /api/openapi.json, referred to wherever it is used.
 */
export const contract =
  <T>(name: string) =>
  <S extends z.ZodType>(schema: S & (Equals<z.output<S>, T> extends true ? unknown : ContractDrift<z.output<S>, T>)): S =>
    schema.meta({ ...schema.meta(), id: name })

/**
 * An open enumeration of the contract (`'double' | 'aspect2x5' | (string & {})`): any
 * string on the wire. The cast only keeps the editor's hints of the known values.
 */
export const openString = <T extends string>(description?: string) => (description ? z.string().describe(description) : z.string()) as unknown as z.ZodType<T, T>

/** DESIGN §4: `{"errors": [{"message": "...", "field": "name"?}]}` for every 4xx and 5xx. */
export const errorBodySchema = contract<ErrorBody>('ErrorBody')(
  z
    .object({
      errors: z.array(
        z.object({
          message: z.string().describe('a message a shopper can read'),
          field: z.string().optional().describe('the input field it is about'),
        }),
      ),
    })
    .meta({ description: 'What went wrong (DESIGN §4)' }),
)

/** data.ok of the calls that only say they are done (/logout, /pixel-event, /utm-data ...). */
export const okSchema = z.object({ ok: z.boolean().describe('true: done') })

/**
 * The response schemas of a route answering `{ data }` on success: 200 for the data,
 * the error body for 4xx and 5xx (validation, not found, refused, our fault).
 */
export function answers<S extends z.ZodType>(data: S, description?: string) {
  const success = z.object({ data })
  return {
    200: description ? success.describe(description) : success,
    '4xx': errorBodySchema,
    '5xx': errorBodySchema,
  }
}
