/**
 * vitest's global setup: the run's template databases (database-template.ts),
 * made once before the first test file and removed after the last.
 */
import { makeTemplates } from './database-template.ts'

let removeTemplates: (() => Promise<void>) | undefined

export async function setup(): Promise<void> {
  removeTemplates = await makeTemplates()
}

export async function teardown(): Promise<void> {
  await removeTemplates?.()
}
