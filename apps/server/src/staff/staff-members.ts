/** An owner's work on the brand's staff: list, invite, change role, suspend, require TOTP, remove; each audited. */
import { isStaffRole, type StaffRole } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { queueEmails } from '../email/outbox.ts'
import { conflict, notFound } from '../http/errors.ts'
import { audited, type AuditActor } from './audit.ts'
import { createPasswordLink, grantStaff } from './staff-accounts.ts'

export interface Member {
  id: string
  email: string
  name: string
  role: StaffRole
  suspended: boolean
  totp_enabled: boolean
  totp_required: boolean
}

const memberQuery = (ctx: RequestContext) =>
  ctx.data.db
    .selectFrom('staff_brand_roles')
    .innerJoin('staff', 'staff.id', 'staff_brand_roles.staff_id')
    .select(['staff.id', 'staff.email', 'staff.name', 'staff_brand_roles.role', 'staff_brand_roles.suspended', 'staff.totp_enabled', 'staff.totp_required'])
    .where('staff_brand_roles.brand_id', '=', ctx.data.brandId)

type MemberRow = { id: string; email: string; name: string; role: string; suspended: number; totp_enabled: number; totp_required: number }
const member = (row: MemberRow): Member => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: isStaffRole(row.role) ? row.role : 'analyst',
  suspended: row.suspended === 1,
  totp_enabled: row.totp_enabled === 1,
  totp_required: row.totp_required === 1,
})

export async function listMembers(ctx: RequestContext): Promise<Member[]> {
  return (await memberQuery(ctx).orderBy('staff.name').execute()).map(member)
}

async function findMember(ctx: RequestContext, id: string): Promise<Member> {
  const row = await memberQuery(ctx).where('staff.id', '=', id).executeTakeFirst()
  if (!row) throw notFound('No member of staff here has that id.')
  return member(row)
}

/** An invitation: the person gets the role here and an e-mail with a one-time link to set their password. */
export async function inviteMember(ctx: RequestContext, actor: AuditActor, input: { email: string; name: string; role: StaffRole }): Promise<{ member: Member; link: string }> {
  const granted = await grantStaff(ctx.data.db, actor, { ...input, brandIds: [ctx.data.brandId] })
  const link = await createPasswordLink(ctx.data.db, granted.id, ctx.brand, ctx.now())
  await queueEmails(ctx.data.db, ctx.data.brandId, ctx.now().toISOString(), [
    {
      to: granted.email,
      subject: `You are invited to the ${ctx.brand.name} admin`,
      body: `Hi ${input.name.split(' ')[0]},\n\nYou have been given the ${input.role} role at ${ctx.brand.name}. Set your password within 3 days here:\n${link}\n\n${ctx.brand.name}`,
    },
  ])
  return { member: await findMember(ctx, granted.id), link }
}

/** A brand always keeps an owner who can act: refuses a change that would leave none. */
async function assertOwnerRemains(ctx: RequestContext, changing: Member, after: { role: StaffRole; suspended: boolean } | null) {
  if (changing.role !== 'owner' || changing.suspended) return
  if (after && after.role === 'owner' && !after.suspended) return
  const owners = (await listMembers(ctx)).filter((m) => m.role === 'owner' && !m.suspended)
  if (owners.length <= 1) throw conflict(`${ctx.brand.name} needs at least one owner. Make someone else owner first.`)
}

export async function changeMember(
  ctx: RequestContext,
  actor: AuditActor,
  id: string,
  change: { role?: StaffRole; suspended?: boolean; totp_required?: boolean; totp_reset?: boolean },
): Promise<Member> {
  const before = await findMember(ctx, id)
  const role = change.role ?? before.role
  const suspended = change.suspended ?? before.suspended
  await assertOwnerRemains(ctx, before, { role, suspended })
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_brand_roles')
      .set({ role, suspended: suspended ? 1 : 0 })
      .where('staff_id', '=', id)
      .where('brand_id', '=', brandId)
      .execute()
    if (change.totp_required !== undefined)
      await trx
        .updateTable('staff')
        .set({ totp_required: change.totp_required ? 1 : 0 })
        .where('id', '=', id)
        .execute()
    // a lost authenticator: off, and their sessions here end (whoever has the phone has no code to use)
    if (change.totp_reset) {
      await trx.updateTable('staff').set({ totp_enabled: 0, totp_secret: null, totp_last_step: null }).where('id', '=', id).execute()
      await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).where('brand_id', '=', brandId).execute()
    }
    // a suspension ends their sessions here at once
    if (suspended && !before.suspended) await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).where('brand_id', '=', brandId).execute()
    const after = { ...before, role, suspended, totp_required: change.totp_required ?? before.totp_required, totp_enabled: change.totp_reset ? false : before.totp_enabled }
    const action = suspended !== before.suspended ? (suspended ? 'staff.suspend' : 'staff.reinstate') : change.totp_reset ? 'staff.totp_reset' : 'staff.update'
    await audited(trx, actor, { action, entity: 'staff', id, before, after })
  })
  return findMember(ctx, id)
}

/** Removes a person from this brand: their role and their sessions here go; the person and the audit log stay. */
export async function removeMember(ctx: RequestContext, actor: AuditActor, id: string): Promise<void> {
  const before = await findMember(ctx, id)
  await assertOwnerRemains(ctx, before, null)
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).where('brand_id', '=', brandId).execute()
    await trx.deleteFrom('staff_brand_roles').where('staff_id', '=', id).where('brand_id', '=', brandId).execute()
    await audited(trx, actor, { action: 'staff.remove', entity: 'staff', id, before, after: null })
  })
}
