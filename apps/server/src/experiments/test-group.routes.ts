import type { TestGroupResult } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers } from '../http/response-schemas.ts'
import { testGroupResultSchema } from './experiments.responses.ts'
import { assignTestGroup } from './test-group.service.ts'

export const experimentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-group',
    {
      schema: {
        tags: ['experiments'],
        summary: "The visitor's variant of a split test (sticky)",
        operationId: 'assignTestGroup',
        response: answers(testGroupResultSchema),
        body: z.object({
          key: z.string({ message: 'Name the test' }).trim().min(1, 'Name the test').max(60, 'That test name is too long'),
          values: z.string().max(500, 'Too many values').default(''),
        }),
      },
    },
    async (request) => {
      const offered = request.body.values
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean)
      return { data: { test: await assignTestGroup(request.ctx, request.body.key, offered) } satisfies TestGroupResult }
    },
  )
}
