import type { StyleProfileField, StyleProfileOption } from '@store/core'
import type { FastifyRequest } from 'fastify'
import type { StoreDb } from '../db/connection.ts'
import { readJson } from '../db/json.ts'
import { unprocessable } from '../http/errors.ts'

/** Answers belong to the customer once logged in, else to the visitor. */
const ownerOf = (request: FastifyRequest) => request.session.customerId ?? request.session.visitorId

export async function getStyleProfile(store: StoreDb, request: FastifyRequest): Promise<StyleProfileField[]> {
  const { db } = store
  const [fields, answers] = await Promise.all([
    db.selectFrom('style_profile_fields').selectAll().where('brand_id', '=', request.brand.id).orderBy('position').execute(),
    db
      .selectFrom('style_profile_answers')
      .select(['field_name', 'value'])
      .where('brand_id', '=', request.brand.id)
      .where('owner_id', '=', ownerOf(request))
      .execute(),
  ])
  const chosen = new Map(answers.map((answer) => [answer.field_name, answer.value]))
  return fields.map((field) => ({
    name: field.name,
    caption: field.caption,
    options: readJson<StyleProfileOption[]>(field.options, []),
    value: chosen.get(field.name) ?? null,
  }))
}

export async function saveStyleProfile(
  store: StoreDb,
  request: FastifyRequest,
  answers: Record<string, string>,
): Promise<StyleProfileField[]> {
  const { db } = store
  const fields = await getStyleProfile(store, request)
  const rows = Object.entries(answers)
    .filter(([name]) => name !== 'host')
    .map(([name, value]) => {
      const field = fields.find((candidate) => candidate.name === name)
      if (!field) throw unprocessable(`There is no style question called '${name}'.`, name)
      if (!field.options.some((option) => option.value === value)) {
        throw unprocessable(`Choose one of the answers offered for '${field.caption}'.`, name)
      }
      return { brand_id: request.brand.id, owner_id: ownerOf(request), field_name: name, value, updated_at: new Date().toISOString() }
    })
  if (rows.length > 0) {
    await db
      .insertInto('style_profile_answers')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['brand_id', 'owner_id', 'field_name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute()
  }
  return getStyleProfile(store, request)
}
