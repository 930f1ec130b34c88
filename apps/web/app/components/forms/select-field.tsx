/** A labelled select with its error read out beside it, like FormField. */
import type { SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { FieldFrame } from './field-frame'

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string
  name: string
  label: string
  options: readonly { value: string; caption: string }[]
  /** a first, empty choice ('Choose…'), or none */
  placeholder?: string
  error?: string
  hint?: string
}

export function SelectField({ id, label, options, placeholder, error, hint, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.caption}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  )
}

/** A labelled multi-line text box. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...area
}: { id: string; name: string; label: string; error?: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => <textarea {...control} {...area} />}
    </FieldFrame>
  )
}
