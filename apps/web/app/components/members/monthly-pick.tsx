/**
 * The coming box's pick on the Members Area (docs/members.md "Monthly pick"): the
 * saved choice, and while the picks are open the items offered, each a small form
 * (item, size, "Choose") posted to the members route's action, with or without
 * JavaScript. When they are closed (skipped, paused, past the cut-off) it says why.
 */
import { dayName, displaySize, MONTH_NAMES, type MonthlyPicks } from '@store/core'
import { Form, useNavigation } from 'react-router'
import { useStore } from '../../lib/store/store-provider'

/** 'December' for '2026-12' */
const monthOnly = (period: string) => MONTH_NAMES[Number(period.slice(5, 7)) - 1] ?? period

export interface PickFeedback {
  errors: { message: string; field?: string }[]
  saved: boolean
}

export function MonthlyPick({ picks, feedback }: { picks: MonthlyPicks; feedback: PickFeedback | null }) {
  const { brand } = useStore()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'pick' ? String(navigation.formData.get('item_id')) : null
  const month = monthOnly(picks.period)
  const chosen = picks.picks
  const what = picks.how_many === 1 ? 'your item' : `your ${picks.how_many} items`
  return (
    <section className="member-section monthly-pick" aria-labelledby="monthly-pick-heading" data-testid="monthly-pick">
      <h2 id="monthly-pick-heading" className="order-subtitle">
        Your {month} box{picks.open ? `: choose ${what}` : ''}
      </h2>
      {feedback?.saved ? (
        <p role="status" className="monthly-pick-saved-note">
          Saved. You can change it until {dayName(picks.cutoff_date)}.
        </p>
      ) : null}
      {feedback && feedback.errors.length > 0 ? (
        <div role="alert" className="form-error">
          {feedback.errors.map((error) => (
            <p key={error.message}>{error.message}</p>
          ))}
        </div>
      ) : null}
      {chosen.length > 0 ? (
        <ul className="monthly-pick-chosen" data-testid="monthly-pick-saved">
          {chosen.map((pick) => (
            <li key={`${pick.item_id}-${pick.size}`}>
              {pick.image ? <img src={pick.image} alt="" width={64} height={80} loading="lazy" /> : <span className="monthly-pick-noimage" />}
              <p>
                <strong>Your pick: {pick.name}</strong>
                <br />
                {pick.color ? `${pick.color}, ` : ''}size {displaySize(pick.size, brand.id)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {!picks.open ? (
        <p data-testid="monthly-pick-closed">
          {picks.closed_reason}
          {chosen.length === 0 && picks.closed_reason?.startsWith('Picks for') ? ' We choose your item from your style profile.' : ''}
        </p>
      ) : (
        <>
          <p>
            Choose by {dayName(picks.cutoff_date)}. {chosen.length === 0 ? 'If you don’t, we choose for you from your style profile.' : 'Choosing another item replaces your pick.'}{' '}
            {picks.choices.length > 2 ? `${picks.choices.length} items to choose from: scroll sideways to see them all.` : null}
          </p>
          <ul className="monthly-pick-choices">
            {picks.choices.map((choice) => {
              const picked = chosen.find((pick) => pick.item_id === choice.item_id)
              const sizeId = `pick-size-${choice.item_id}`
              return (
                <li key={choice.item_id} className={picked ? 'monthly-pick-choice is-picked' : 'monthly-pick-choice'} data-testid="monthly-pick-choice">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="pick" />
                    <input type="hidden" name="item_id" value={choice.item_id} />
                    {choice.image ? <img src={choice.image} alt="" width={160} height={200} loading="lazy" /> : <span className="monthly-pick-noimage" />}
                    <p className="monthly-pick-name">
                      {choice.name}
                      {choice.color ? <span className="monthly-pick-color">{choice.color}</span> : null}
                    </p>
                    <label htmlFor={sizeId}>Size</label>
                    <select id={sizeId} name="size" required defaultValue={picked?.size ?? (choice.sizes.length === 1 ? choice.sizes[0] : '')}>
                      {choice.sizes.length > 1 ? (
                        <option value="" disabled>
                          Choose a size
                        </option>
                      ) : null}
                      {choice.sizes.map((size) => (
                        <option key={size} value={size}>
                          {displaySize(size, brand.id)}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className={picked ? 'button button-secondary' : 'button button-primary'} disabled={saving !== null}>
                      {saving === String(choice.item_id) ? 'Saving…' : picked ? 'Save this size' : 'Choose'}
                      <span className="visually-hidden"> {choice.name}</span>
                    </button>
                  </Form>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </section>
  )
}
