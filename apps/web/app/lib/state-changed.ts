/**
 * The club's pages (skip, pause, cancel, rejoin, the Members Area's pick) after a
 * refused change. A 409 means the membership is not what the page showed: another
 * tab, or the billing run, changed it (or its cut-off passed). React Router does
 * not read a page's data again after an action answered 4xx, so the page went on
 * showing the old state, with its buttons, under the refusal. After a 409 it reads
 * the state again, as a reload would, and shows it with the message; other
 * refusals (a form to correct) keep the page as it is.
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router'

const STATE_CHANGED_STATUS = 409

export function readAgainAfterConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === STATE_CHANGED_STATUS || defaultShouldRevalidate
}
