import { useId } from 'react'
import { useNavigation } from 'react-router'
import type { ApiErrorItem } from '../../lib/api/types'

/** What a form page needs of its action's answer: the errors, each field's own, and whether it is sending. */
export function useFormErrors(actionData: { errors?: ApiErrorItem[] } | undefined) {
  const navigation = useNavigation()
  const errorId = useId()
  const errors = actionData?.errors ?? []
  return {
    errorId,
    errors,
    fieldError: (name: string) => errors.find((error) => error.field === name)?.message,
    busy: navigation.state === 'submitting',
  }
}
