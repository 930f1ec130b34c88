/**
 * The style profile's questions (SPEC §3: fields with options and the chosen
 * value, birthday_day and birthday_month among them) as one form. Used by
 * /styleprofile and by the checkout's /checkout-styleprofile step; the page's
 * action calls context.services.saveStyleProfile with the posted answers.
 * Sending it is the analytics event 'Style Profile Form Submitted' (SPEC §9).
 */
import type { StyleProfileField } from '@store/core'
import { Form } from 'react-router'
import { track } from '../../lib/analytics/analytics-client'
import { FormErrors } from '../forms/form-field'
import { SelectField } from '../forms/select-field'
import type { ApiErrorItem } from '../../lib/api/types'

export interface StyleProfileFormProps {
  fields: StyleProfileField[]
  errors: ApiErrorItem[]
  errorId: string
  busy: boolean
  fieldError: (name: string) => string | undefined
  submitLabel?: string
  /** the empty first choice of each question */
  placeholder?: string
  /** hidden fields the page needs back (a next step) */
  hidden?: Record<string, string>
}

export function StyleProfileForm({
  fields,
  errors,
  errorId,
  busy,
  fieldError,
  submitLabel = 'Save my style profile',
  placeholder = 'No answer',
  hidden = {},
}: StyleProfileFormProps) {
  return (
    <Form
      method="post"
      className="stack-form"
      aria-describedby={errors.length ? errorId : undefined}
      noValidate
      onSubmit={() => track('Style Profile Form Submitted', { fields: fields.length })}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrors id={errorId} errors={errors} />
      {fields.map((field) => (
        <SelectField
          key={field.name}
          id={`style-${field.name}`}
          name={field.name}
          label={field.caption}
          defaultValue={field.value ?? ''}
          placeholder={placeholder}
          options={field.options}
          error={fieldError(field.name)}
        />
      ))}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </Form>
  )
}

/** The answers of a posted style profile form (every field but the page's own). */
export function styleAnswersFrom(form: FormData, fields: readonly StyleProfileField[]): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const field of fields) {
    const value = form.get(field.name)
    if (typeof value === 'string' && value !== '') answers[field.name] = value
  }
  return answers
}
