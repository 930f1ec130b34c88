/**
 * The club's pages read the membership again after a refusal that says it changed
 * elsewhere (409), as a reload would: before, a second tab's skip showed "You have
 * already skipped this month." over the state it had loaded (Active, the Skip
 * button). A form to correct (400, 422) keeps the page as it is.
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { describe, expect, it } from 'vitest'
import { shouldRevalidate as cancelPage } from '../routes/cancel-vip'
import { shouldRevalidate as membersPage } from '../routes/members'
import { shouldRevalidate as pausePage } from '../routes/pause-vip'
import { shouldRevalidate as skipPage } from '../routes/skip-vip'
import { shouldRevalidate as rejoinPage } from '../routes/vip-rejoin'

/** What React Router asks a page after its form's action answered `actionStatus` (it would not read again after a 4xx). */
const afterAction = (actionStatus: number): ShouldRevalidateFunctionArgs =>
  ({
    currentUrl: new URL('http://localhost/skip-vip'),
    nextUrl: new URL('http://localhost/skip-vip'),
    currentParams: {},
    nextParams: {},
    formMethod: 'POST',
    actionStatus,
    defaultShouldRevalidate: actionStatus < 400,
  }) as ShouldRevalidateFunctionArgs

const pages = { '/skip-vip': skipPage, '/pause-vip': pausePage, '/cancel-vip': cancelPage, '/vip-rejoin-test': rejoinPage, '/members': membersPage }

describe('the club pages after a refused change', () => {
  for (const [path, shouldRevalidate] of Object.entries(pages)) {
    it(`${path} reads the membership again after a 409 (changed in another tab), and after a change that went through`, () => {
      expect(shouldRevalidate(afterAction(409))).toBe(true)
      expect(shouldRevalidate(afterAction(200))).toBe(true)
    })
    it(`${path} keeps what it shows after a refusal of the form itself (400, 422)`, () => {
      expect(shouldRevalidate(afterAction(400))).toBe(false)
      expect(shouldRevalidate(afterAction(422))).toBe(false)
    })
  }
})
