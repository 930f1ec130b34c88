/** What every field of a form shares: its label, a hint above the control, its error below, and the attributes that tie them to the control. */
import type { ReactNode } from 'react'

/** The attributes a control takes from its frame. */
export interface FieldControl {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export function FieldFrame({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: (control: FieldControl) => ReactNode }) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
