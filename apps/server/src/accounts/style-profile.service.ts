import type { StyleProfileField, StyleProfileOption } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import { unprocessable } from '../http/errors.ts'

/** Answers belong to the customer once logged in, else to the visitor; a visitor without a session has none. */
async function ownerOf(ctx: RequestContext, create: boolean): Promise<string | null> {
  const session = create ? await ctx.session.ensure() : await ctx.session.current()
  return session ? (session.customerId ?? session.visitorId) : null
}

export async function getStyleProfile(ctx: RequestContext): Promise<StyleProfileField[]> {
  const { db, brandId } = ctx.data
  const owner = await ownerOf(ctx, false)
  const [fields, answers] = await Promise.all([
    db.selectFrom('style_profile_fields').selectAll().where('brand_id', '=', brandId).orderBy('position').execute(),
    owner
      ? db
          .selectFrom('style_profile_answers')
          .select(['field_name', 'value'])
          .where('brand_id', '=', brandId)
          .where('owner_id', '=', owner)
          .execute()
      : Promise.resolve([]),
  ])
  const chosen = new Map(answers.map((answer) => [answer.field_name, answer.value]))
  return fields.map((field) => ({
    name: field.name,
    caption: field.caption,
    options: readJson<StyleProfileOption[]>(field.options, []),
    value: chosen.get(field.name) ?? null,
  }))
}

export async function saveStyleProfile(ctx: RequestContext, answers: Record<string, string>): Promise<StyleProfileField[]> {
  const { db, brandId } = ctx.data
  const fields = await getStyleProfile(ctx)
  const owner = (await ownerOf(ctx, true))!
  const rows = Object.entries(answers)
    .filter(([name]) => name !== 'host')
    .map(([name, value]) => {
      const field = fields.find((candidate) => candidate.name === name)
      if (!field) throw unprocessable(`There is no style question called '${name}'.`, name)
      if (!field.options.some((option) => option.value === value)) {
        throw unprocessable(`Choose one of the answers offered for '${field.caption}'.`, name)
      }
      return { brand_id: brandId, owner_id: owner, field_name: name, value, updated_at: new Date().toISOString() }
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
  return getStyleProfile(ctx)
}
