/** The owner's page: the brand's staff, invitations, roles, suspension, required TOTP, removal. */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { api, type Role } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

interface Member {
  id: string
  email: string
  name: string
  role: Role
  suspended: boolean
  totp_enabled: boolean
  totp_required: boolean
}

const ROLES: Role[] = ['owner', 'manager', 'fulfilment', 'support', 'analyst']

export function StaffPage() {
  const { me } = useSession()
  const [members, setMembers] = useState<Member[]>([])
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)

  const load = useCallback(async () => setMembers((await api<{ members: Member[] }>('/staff')).members), [])
  useEffect(() => {
    void load().catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The staff could not be loaded.'))
  }, [load])

  async function run(what: () => Promise<string>) {
    setError(null)
    setOk(null)
    try {
      const said = await what()
      // the list shows the change before the page says it is done
      try {
        await load()
      } finally {
        setOk(said)
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong.')
    }
  }

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    void run(async () => {
      const answer = await api<{ member: Member; link: string }>('/staff', { body: { email: form.get('email'), name: form.get('name'), role: form.get('role') } })
      formElement.reset()
      return `${answer.member.email} is invited: they got an e-mail with a link to set their password.`
    })
  }

  const change = (member: Member, body: Record<string, unknown>, done: string) =>
    run(async () => {
      await api(`/staff/${member.id}`, { method: 'PATCH', body })
      return done
    })

  return (
    <>
      <PageTitle title="Staff">Staff at {me.brand.name}</PageTitle>
      <Notice error={error} ok={ok} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
      <section className="table-wrap" aria-label="Staff" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Two-step</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <td>
                  {member.name}
                  <br />
                  <span className="muted">{member.email}</span>
                  {member.suspended && <strong> (suspended)</strong>}
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={`role-${member.id}`}>
                    Role of {member.name}
                  </label>
                  <select
                    id={`role-${member.id}`}
                    value={member.role}
                    onChange={(event) => void change(member, { role: event.target.value }, `${member.name} is now ${event.target.value}.`)}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {role}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{member.totp_enabled ? 'On' : member.totp_required ? 'Required, not set up' : 'Off'}</td>
                <td className="actions">
                  <button type="button" onClick={() => void change(member, { totp_required: !member.totp_required }, 'Saved.')}>
                    {member.totp_required ? 'Stop requiring two-step' : 'Require two-step'}
                  </button>
                  {member.totp_enabled && (
                    <button
                      type="button"
                      onClick={() => void change(member, { totp_reset: true }, `Two-step verification of ${member.name} is off: they set it up again at their next login.`)}
                    >
                      Reset two-step
                    </button>
                  )}
                  <button
                    type="button"
                    onClick={() => void change(member, { suspended: !member.suspended }, member.suspended ? `${member.name} is reinstated.` : `${member.name} is suspended.`)}
                  >
                    {member.suspended ? 'Reinstate' : 'Suspend'}
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      window.confirm(`Remove ${member.name} from ${me.brand.name}?`) &&
                      void run(async () => {
                        await api(`/staff/${member.id}/remove`, { method: 'POST' })
                        return `${member.name} is removed.`
                      })
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h2>Invite someone</h2>
      <form onSubmit={invite}>
        <label htmlFor="invite-name">Full name</label>
        <input id="invite-name" name="name" required autoComplete="off" />
        <label htmlFor="invite-email">Email</label>
        <input id="invite-email" name="email" type="email" required autoComplete="off" />
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" name="role" defaultValue="fulfilment">
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <button type="submit">Send invitation</button>
      </form>
    </>
  )
}
