/** The style profile's questions, one select each (fields and options from GET /style-profile), posted as a plain form. */
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import type { ApiErrorItem, StyleProfileField } from '../../lib/api/types'
import { track } from '../../lib/analytics/analytics-client'
import { FormErrors } from '../forms/form-field'
import { SelectField } from '../forms/select-field'

export function StyleProfileForm({ fields, errors = [], busy, submitLabel = 'Save my style', children }: { fields: StyleProfileField[]; errors?: ApiErrorItem[]; busy: boolean; submitLabel?: string; children?: ReactNode }) {
  const fieldError = (name: string) => errors.find((e) => e.field === name)?.message
  return (
    <Form method="post" className="stack-form" onSubmit={() => track('Style Profile Form Submitted', { fields: fields.length })}>
      <FormErrors id="style-profile-errors" errors={errors} />
      {children}
      {fields.map((field) => (
        <SelectField
          key={field.name}
          id={`style-${field.name}`}
          name={field.name}
          label={field.caption}
          placeholder="Choose…"
          options={field.options}
          defaultValue={field.value ?? ''}
          error={fieldError(field.name)}
        />
      ))}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </Form>
  )
}
