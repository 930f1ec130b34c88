/** A form's errors by field, from the server's answer (DESIGN §4: each error names its field): the input says it is invalid and which message describes it. */
import { useState } from 'react'
import { ApiError } from './api.ts'

export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  return {
    clear: () => setErrors({}),
    /** the errors of a refused call, by field */
    take(caught: unknown) {
      if (caught instanceof ApiError) setErrors(Object.fromEntries(caught.errors.filter((e) => e.field).map((e) => [e.field!, e.message])))
    },
    /** the attributes of the input of `name` */
    attrs: (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {}),
    /** the message under the input of `name`, or nothing */
    message: (name: string) =>
      errors[name] ? (
        <p id={`${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null,
  }
}
