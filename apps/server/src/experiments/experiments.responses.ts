/** POST /test-group answers the TestGroupResult of packages/core/src/contract/experiments.ts (tsc checks the match). */
import type { TestGroupAssignment, TestGroupResult } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

const testGroupAssignmentSchema = contract<TestGroupAssignment>('TestGroupAssignment')(
  z.object({ key: z.string().describe("the test's name"), value: z.string().describe('the assigned variant') }),
)

export const testGroupResultSchema = contract<TestGroupResult>('TestGroupResult')(z.object({ test: testGroupAssignmentSchema }))
