/** The style profile's questions, one select each (fields and options from GET /style-profile), posted as a plain form. */
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import type { ApiErrorItem, StyleProfileField } from '../../lib/api/types'
import { track } from '../../lib/analytics/analytics-client'

export function StyleProfileForm({ fields, errors = [], busy, submitLabel = 'Save my style', children }: { fields: StyleProfileField[]; errors?: ApiErrorItem[]; busy: boolean; submitLabel?: string; children?: ReactNode }) {
  const fieldError = (name: string) => errors.find((e) => e.field === name)?.message
  return (
    <Form method="post" className="stack-form" onSubmit={() => track('Style Profile Form Submitted', { fields: fields.length })}>
      <div role="alert" className="form-error">
        {errors
          .filter((e) => !e.field)
          .map((e) => (
            <p key={e.message}>{e.message}</p>
          ))}
      </div>
      {children}
      {fields.map((field) => {
        const id = `style-${field.name}`
        const error = fieldError(field.name)
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>{field.caption}</label>
            <select id={id} name={field.name} defaultValue={field.value ?? ''} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
              <option value="">Choose…</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.caption}
                </option>
              ))}
            </select>
            {error ? (
              <p className="field-error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        )
      })}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </Form>
  )
}
