/** /api/admin/experiments (DESIGN §8): split tests created, started, stopped, and their results. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { newSplitTestBody, splitTestAnswer, splitTestParams, splitTestPatchBody, splitTestResultsSchema, splitTestsAnswer } from './experiments-admin.schemas.ts'
import { createSplitTest, getSplitTest, listSplitTests, splitTestResultsOf, startSplitTest, stopSplitTest, updateSplitTest } from './experiments-admin.service.ts'

const tags = ['admin: split tests']

export const experimentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/experiments',
    { onRequest: allow('reports.view'), schema: { tags, summary: "The brand's split tests", operationId: 'adminListSplitTests', response: answers(splitTestsAnswer) } },
    async (request) => ({ data: { experiments: await listSplitTests(request.ctx) } }),
  )

  app.get(
    '/experiments/:name',
    {
      onRequest: allow('reports.view'),
      schema: { tags, summary: 'One split test', operationId: 'adminGetSplitTest', params: splitTestParams, response: answers(splitTestAnswer) },
    },
    async (request) => ({ data: { experiment: await getSplitTest(request.ctx, request.params.name) } }),
  )

  app.get(
    '/experiments/:name/results',
    {
      onRequest: allow('reports.view'),
      schema: {
        tags,
        summary: "A split test's results from the orders: per variant, with intervals and whether the difference is significant",
        operationId: 'adminSplitTestResults',
        params: splitTestParams,
        response: answers(splitTestResultsSchema),
      },
    },
    async (request) => ({ data: await splitTestResultsOf(request.ctx, request.params.name) }),
  )

  app.post(
    '/experiments',
    {
      onRequest: allow('experiments.edit'),
      schema: { tags, summary: 'Create a split test (a draft until started)', operationId: 'adminCreateSplitTest', body: newSplitTestBody, response: answers(splitTestAnswer) },
    },
    async (request) => ({ data: { experiment: await createSplitTest(request.ctx, acting(request, 'experiments.edit').actor, request.body) } }),
  )

  app.patch(
    '/experiments/:name',
    {
      onRequest: allow('experiments.edit'),
      schema: {
        tags,
        summary: "Change a test's split (or a draft's variants)",
        operationId: 'adminUpdateSplitTest',
        params: splitTestParams,
        body: splitTestPatchBody,
        response: answers(splitTestAnswer),
      },
    },
    async (request) => ({ data: { experiment: await updateSplitTest(request.ctx, acting(request, 'experiments.edit').actor, request.params.name, request.body) } }),
  )

  app.post(
    '/experiments/:name/start',
    {
      onRequest: allow('experiments.edit'),
      schema: { tags, summary: 'Start a split test', operationId: 'adminStartSplitTest', params: splitTestParams, response: answers(splitTestAnswer) },
    },
    async (request) => ({ data: { experiment: await startSplitTest(request.ctx, acting(request, 'experiments.edit').actor, request.params.name) } }),
  )

  app.post(
    '/experiments/:name/stop',
    {
      onRequest: allow('experiments.edit'),
      schema: { tags, summary: 'Stop a split test', operationId: 'adminStopSplitTest', params: splitTestParams, response: answers(splitTestAnswer) },
    },
    async (request) => ({ data: { experiment: await stopSplitTest(request.ctx, acting(request, 'experiments.edit').actor, request.params.name) } }),
  )
}
