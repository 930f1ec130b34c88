/**
 * `/api/health` says the process is alive (it answers without touching anything);
 * `/api/ready` says this instance should be sent shoppers: the database answers
 * `select 1`, Redis answers PING where REDIS_URL is set, every migration this build
 * knows has run, and the instance is not shutting down. A load balancer's check
 * points at /api/ready (docs/operations.md).
 */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import type { StoreDb } from '../db/connection.ts'
import { pendingMigrations } from '../db/migrate.ts'
import type { SessionStore } from '../sessions/session-store.ts'
import { answers, okSchema } from '../http/response-schemas.ts'

/** What this instance knows of itself: shutting down (SIGTERM was received). */
export class Readiness {
  shuttingDown = false
  /** once every migration has been seen applied, it stays so (a schema does not go back) */
  private migrated = false

  constructor(
    private readonly store: StoreDb,
    private readonly sessions: SessionStore,
  ) {}

  /** Why this instance is not ready, or null when it is. */
  async notReadyBecause(): Promise<string | null> {
    if (this.shuttingDown) return 'This instance is shutting down.'
    try {
      await sql`select 1`.execute(this.store.db)
    } catch {
      return 'The database does not answer.'
    }
    if (!this.migrated) {
      try {
        const pending = await pendingMigrations(this.store.db)
        if (pending.length > 0) return `The database is being migrated (${pending.length} migration${pending.length === 1 ? '' : 's'} to run).`
        this.migrated = true
      } catch {
        return 'The database does not answer.'
      }
    }
    if (this.sessions.ping) {
      try {
        await this.sessions.ping()
      } catch {
        return 'Redis does not answer.'
      }
    }
    return null
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** /api/ready's state: set shuttingDown when the instance starts to stop */
    readiness: Readiness
  }
}

/** Decorates app.readiness and serves GET /api/ready (under the /api prefix of `api`). */
export function registerReadiness(app: FastifyInstance, api: FastifyInstance): void {
  if (!app.hasDecorator('readiness')) app.decorate('readiness', new Readiness(app.store, app.sessionStore))
  api.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'This instance takes shoppers: the database (and Redis) answer, it is migrated and not shutting down',
        operationId: 'ready',
        response: answers(okSchema),
      },
    },
    async (_request, reply) => {
      const reason = await app.readiness.notReadyBecause()
      if (reason)
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send({ errors: [{ message: reason }] })
      reply.header('cache-control', 'no-store')
      return { data: { ok: true } }
    },
  )
}
