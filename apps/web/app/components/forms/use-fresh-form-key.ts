import { useActionData, useLocation } from 'react-router'

const answerIds = new WeakMap<object, number>()
let lastAnswerId = 0

/** A number for each action answer (the same answer object, the same number). */
function answerId(answer: unknown): number {
  if (answer === null || typeof answer !== 'object') return 0
  let id = answerIds.get(answer)
  if (id === undefined) {
    id = ++lastAnswerId
    answerIds.set(answer, id)
  }
  return id
}

/**
 * The key of a form that starts afresh with each answer, as a page without JavaScript would
 * (typed passwords and card numbers do not stay in the page). It changes with each visit of the
 * page and with each answer of the route's action. Both count: React Router shows the action's
 * answer while the loaders revalidate, a moment before the location changes, so a form keyed by
 * the location alone still held what was typed while the answer's status was already shown.
 */
export function useFreshFormKey(): string {
  const { key } = useLocation()
  return `${key}-${answerId(useActionData())}`
}
