import { MONTH_NAMES, type StyleProfileField, type StyleProfileOption } from '@store/core'
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
    owner ? db.selectFrom('style_profile_answers').select(['field_name', 'value']).where('brand_id', '=', brandId).where('owner_id', '=', owner).execute() : Promise.resolve([]),
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
  checkBirthday(fields, answers)
  if (rows.length > 0) {
    await db
      .insertInto('style_profile_answers')
      .values(rows)
      .onConflict((oc) => oc.columns(['brand_id', 'owner_id', 'field_name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
      .execute()
  }
  return getStyleProfile(ctx)
}

/** The most days each month has in some year (no year is asked: 29 February is a birthday). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * birthday_day and birthday_month make one date: the pair after this save (the
 * answers sent, else the saved ones) must exist in some year, so 31 February or
 * 31 April is refused (422 on birthday_day) and 29 February is not.
 */
function checkBirthday(fields: StyleProfileField[], answers: Record<string, string>): void {
  const answerOf = (name: string) => answers[name] ?? fields.find((field) => field.name === name)?.value ?? null
  const day = Number(answerOf('birthday_day'))
  const month = Number(answerOf('birthday_month'))
  if (!Number.isInteger(day) || !Number.isInteger(month) || month < 1 || month > 12 || day < 1) return
  const most = DAYS_IN_MONTH[month - 1]!
  if (day > most) throw unprocessable(`${MONTH_NAMES[month - 1]} has only ${most} days: choose a birthday day from 1 to ${most}.`, 'birthday_day')
}
