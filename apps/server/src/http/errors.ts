import { reportError } from '../error-reporting/error-reporting.ts'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod'

/** An error a shopper may read: its message goes to the client as is. */
/** How much of what a client sent an error says back (an unknown path, an address that is not valid). */
const MAX_SAID_BACK = 120

/** What the client sent, as an error says it back: at most MAX_SAID_BACK characters, then '…'. */
export const saidBack = (text: string) => (text.length > MAX_SAID_BACK ? `${text.slice(0, MAX_SAID_BACK)}…` : text)

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** a 429's wait, sent as Retry-After (seconds) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** 429 with the wait in the message and in Retry-After. */
export function tooManyRequests(what: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`
  return new HttpError(429, `${what} Please try again in ${wait}.`, undefined, seconds)
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string, field?: string) => new HttpError(409, message, field)
export const forbidden = (message: string, field?: string) => new HttpError(403, message, field)
export const unprocessable = (message: string, field?: string) => new HttpError(422, message, field)

export interface ErrorBody {
  errors: { message: string; field?: string }[]
}

export function errorBody(message: string, field?: string): ErrorBody {
  return { errors: [field ? { message, field } : { message }] }
}

/** Field name of a validation issue: 'body/qty' or '/qty' -> 'qty'. */
function fieldOf(instancePath: string | undefined): string | undefined {
  const name = instancePath?.split('/').filter(Boolean).pop()
  return name || undefined
}

/** Each problem of a request's validation, with its field. */
function validationProblems(error: { validation: ZodFastifySchemaValidationError[] }) {
  return error.validation.map((issue) => {
    const field = fieldOf(issue.instancePath) ?? (issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.')
    return field ? { message: issue.message, field } : { message: issue.message }
  })
}

/**
 * A route's own validation failure (Fastify's `attachValidation`) as a 422 saying its first
 * problem: input that reads but is refused, such as a page's limit or cursor.
 */
export function unprocessableInput(error: Error): HttpError {
  const first = hasZodFastifySchemaValidationErrors(error) ? validationProblems(error)[0] : undefined
  return unprocessable(first?.message ?? error.message, first?.field)
}

/**
 * One error handler: request validation becomes a 400 listing each problem,
 * HttpError keeps its status and message, a 4xx from Fastify keeps its
 * message, and anything else is logged and answered with a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).send({ errors: validationProblems(error) })
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
      return reply.status(error.statusCode).send(errorBody(error.message, error.field))
    }
    if (isBrokenMultipart(error)) {
      return reply.status(400).send(errorBody('The form data of this request is broken or incomplete. Send the form again.'))
    }
    if (shopperLeft(error, request.raw.socket?.destroyed === true)) {
      // a shopper who closes the page mid-answer is no error: one line, no stack, and nobody to answer
      request.log.info({ url: request.url.split('?')[0], reason: error.message }, 'shopper left before the answer')
      return reply.status(499).send()
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(readableClientError(error)))
    }
    request.log.error({ err: error }, 'request failed')
    reportError(error, request)
    return reply.status(500).send(errorBody('Something went wrong on our side. Please try again.'))
  })

  app.setNotFoundHandler((request, reply) => {
    // the path as asked, cut short: a path of thousands of characters is not said back whole
    reply.status(404).send(errorBody(`No such page: ${request.method} ${saidBack(request.url.split('?')[0] ?? '')}`))
  })
}

/**
 * An error that only says the client went away: a stream closed early (Node's "Premature close",
 * the older "premature close" of pump), an aborted render; or any error once the client's socket is
 * gone, since nobody is left to answer.
 */
function shopperLeft(error: { code?: string; name?: string; message?: string }, socketGone: boolean): boolean {
  if (socketGone) return true
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || /^premature close$/i.test(error.message ?? '')
}

/**
 * The multipart parser (busboy, under @fastify/multipart) throws plain errors
 * without a status for a body the client broke: no boundary, cut off, no parts.
 */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|.* terminated early due to unexpected end of multipart data|Malformed part header|Missing Content-Type|Unsupported Content-Type)/

function isBrokenMultipart(error: { statusCode?: number; message?: string }): boolean {
  return error.statusCode === undefined && typeof error.message === 'string' && BROKEN_MULTIPART.test(error.message)
}

function readableClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the form as application/x-www-form-urlencoded, multipart/form-data or JSON.'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.'
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'A file is larger than this form takes.'
    case 'FST_FILES_LIMIT':
      return 'Too many files were sent at once.'
    default:
      return error.message
  }
}
