import { FORM_ERROR_SCROLL_OFFSET_PX, firstErrorField } from '@store/core'
import { useEffect, useId } from 'react'
import { useNavigation } from 'react-router'
import type { ApiErrorItem } from '../../lib/api/types'

/**
 * What a form page needs of its action's answer: the errors, each field's own,
 * whether it is sending, and (SPEC §5) on an error the page scrolls to the first
 * named field in the errors, 60 px above it, and puts the cursor there.
 */
export function useFormErrors(actionData: { errors?: ApiErrorItem[] } | undefined) {
  const navigation = useNavigation()
  const errorId = useId()
  const errors = actionData?.errors ?? []

  useEffect(() => {
    const field = firstErrorField({ errors: actionData?.errors ?? [] })
    if (!field) return
    const input = document.querySelector<HTMLElement>(`form [name="${CSS.escape(field)}"]`)
    if (input) scrollToField(input)
  }, [actionData])

  return {
    errorId,
    errors,
    fieldError: (name: string) => errors.find((error) => error.field === name)?.message,
    busy: navigation.state === 'submitting',
  }
}

/**
 * How much of the window's top the page's own header covers once the page is scrolled: the store's
 * header sticks there (64 px), the checkout's pages have none that sticks. What is brought into view
 * goes below it, or the header hides it (a field's label, a "Saved." message).
 */
export function coveredTop(): number {
  const header = document.querySelector<HTMLElement>('.site-header')
  if (!header) return 0
  const { position } = getComputedStyle(header)
  return position === 'sticky' || position === 'fixed' ? header.offsetHeight : 0
}

/**
 * SPEC §5: the page scrolls to a field in error, FORM_ERROR_SCROLL_OFFSET_PX above it (below the sticky
 * header, where there is one), and puts the cursor there.
 */
export function scrollToField(input: HTMLElement): void {
  window.scrollTo({ top: input.getBoundingClientRect().top + window.scrollY - FORM_ERROR_SCROLL_OFFSET_PX - coveredTop() })
  input.focus({ preventScroll: true })
}
