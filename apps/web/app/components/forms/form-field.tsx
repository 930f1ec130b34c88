/** A labelled input with its error read out beside it (aria-invalid, aria-describedby). */
import { MIN_PASSWORD_LENGTH } from '@store/core'
import type { InputHTMLAttributes } from 'react'
import { FieldFrame } from './field-frame'

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string
  name: string
  label: string
  error?: string
  hint?: string
}

export function FormField({ id, label, error, hint, ...input }: FormFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  )
}

/** Errors that belong to no one field, shown at the top of the form. */
export function FormErrors({ id, errors }: { id: string; errors: { message: string; field?: string }[] }) {
  return (
    <div id={id} role="alert" className="form-error">
      {errors
        .filter((error) => !error.field)
        .map((error) => (
          <p key={error.message}>{error.message}</p>
        ))}
    </div>
  )
}

/** A password being chosen (registration, reset): the length rule shown as a hint. */
export function NewPasswordField({ id, label = 'Password', error }: { id: string; label?: string; error?: string }) {
  return (
    <FormField
      id={id}
      name="password"
      label={label}
      type="password"
      autoComplete="new-password"
      minLength={MIN_PASSWORD_LENGTH}
      required
      hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      error={error}
    />
  )
}
