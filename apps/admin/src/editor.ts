/**
 * What every promotion editor shares (the order bump, one-time offer, bundle offer, special and
 * discount code pages): the record, loaded or its absence said in words; a save that clears the
 * notices and the fields' errors first, then says it saved or marks the refused fields; an action
 * (end it, take it off) whose failure is said; the notices, for <Notice {...editor.notice} />.
 * Each page keeps only its own form and words.
 */
import { useCallback, useState } from 'react'
import { useFieldErrors } from './field-errors.tsx'

/** `what` names the record in a sentence's first words: "The order bump" could not be saved. */
export function useEditor<T>(what: string) {
  const [record, setRecord] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const fields = useFieldErrors()
  const failed = useCallback((caught: unknown, doing: string) => setError(caught instanceof Error ? caught.message : `${what} could not be ${doing}.`), [what])

  /** Loads the record: `find` answers it, or undefined where there is none (`missing` says so); `show` fills the form. */
  const load = useCallback(
    (find: () => Promise<T | undefined>, missing: string, show?: (found: T) => void) => {
      find()
        .then((found) => {
          if (found === undefined) return setError(missing)
          setRecord(found)
          show?.(found)
        })
        .catch((caught: unknown) => failed(caught, 'loaded'))
    },
    [failed],
  )

  /** Saves: notices and field errors cleared, then `run`; `saved` said when it went through, else the refusal and its fields. */
  async function save(run: () => Promise<unknown>, saved?: string): Promise<void> {
    setError(null)
    setOk(null)
    fields.clear()
    try {
      await run()
      if (saved) setOk(saved)
    } catch (caught) {
      fields.take(caught)
      failed(caught, 'saved')
    }
  }

  /** Another action on the record (end it, take it off): `doing` names it in the failure's words ("ended"). */
  async function act(run: () => Promise<unknown>, doing: string, done?: string): Promise<void> {
    try {
      await run()
      if (done) setOk(done)
    } catch (caught) {
      failed(caught, doing)
    }
  }

  return { record, setRecord, notice: { error, ok }, fields, load, save, act, say: setOk }
}
