import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMMANDS, haproxyConfig, INSTANCE_ENV } from '../../../../scripts/multi-instance.mjs'

/**
 * The deployment files (Dockerfile, compose.yaml, deploy/haproxy.cfg) cannot be run on this
 * machine (no container engine), so they are held to what the multi-instance test runs
 * (scripts/multi-instance.mjs): the same commands, the same instance settings, the same balancer.
 */
const root = resolve(import.meta.dirname, '../../../..')
const read = (file: string) => readFileSync(resolve(root, file), 'utf8')

/** Every `command: [...]` of compose.yaml, as arrays. */
const composeCommands = (text: string) => [...text.matchAll(/^\s+command: (\[.*\])$/gm)].map((match) => JSON.parse(match[1]!) as string[])

/** The `KEY: "value"` lines of compose.yaml's x-store-env block. */
function storeEnv(text: string): Record<string, string> {
  const block = text.slice(text.indexOf('x-store-env:'), text.indexOf('\nservices:'))
  return Object.fromEntries([...block.matchAll(/^\s+([A-Z_0-9]+): "(.*)"$/gm)].map((match) => [match[1]!, match[2]!]))
}

describe('deployment files in step with the multi-instance test', () => {
  const compose = read('compose.yaml')

  it("compose.yaml migrates and serves with the test's commands, and the Dockerfile's default is the serve command", () => {
    const commands = composeCommands(compose)
    expect(commands).toContainEqual(COMMANDS.migrate)
    expect(commands).toContainEqual(COMMANDS.serve)
    expect(commands.every((command) => [COMMANDS.migrate, COMMANDS.serve].some((known) => JSON.stringify(known) === JSON.stringify(command)))).toBe(true)
    expect(read('Dockerfile')).toContain(`CMD ${JSON.stringify(COMMANDS.serve).replaceAll(',', ', ')}`)
    // the instances start only after the migration has finished
    expect(compose).toMatch(/migrate: \{ condition: service_completed_successfully \}/)
  })

  it("compose.yaml's instances have the test's settings (the number of instances aside), PostgreSQL and Redis", () => {
    const env = storeEnv(compose)
    for (const [name, value] of Object.entries(INSTANCE_ENV)) {
      if (name === 'INSTANCES') expect(Number(env[name])).toBeGreaterThan(1)
      else expect([name, env[name]]).toEqual([name, value])
    }
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\//)
    expect(env.REDIS_URL).toMatch(/^redis:\/\//)
  })

  it("deploy/haproxy.cfg is the test's balancer, with compose's instances behind it", () => {
    const committed = read('deploy/haproxy.cfg')
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n')
    expect(committed).toBe(haproxyConfig({ bind: '*:8080', servers: [1, 2].map((n) => ({ name: `store${n}`, address: `store${n}:3000` })) }))
    expect(compose).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg')
  })
})
