import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../env.ts'
import { openDatabase } from '../db/connection.ts'
import { runStaffCommand } from './staff-cli.ts'

describe('npm run staff -- add', () => {
  let dir: string
  let env: ReturnType<typeof parseEnv>
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'staff-cli-'))
    env = parseEnv({ DATABASE_URL: `sqlite:${join(dir, 'store.db')}`, LOG_LEVEL: 'silent', SEED_DEMO: 'false' })
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('creates the first owner of every brand with a password from standard input', async () => {
    const result = await runStaffCommand(['add', '--email', 'Owner@Example.com', '--name', 'Olive Owner', '--role', 'owner', '--brands', 'all', '--password-stdin'], env, {
      password: async () => 'Harbour-lantern-Quartz-42',
    })
    expect(result).toMatchObject({ email: 'owner@example.com', created: true, link: null })
    const store = openDatabase(env.DATABASE_URL)
    try {
      const roles = await store.db.selectFrom('staff_brand_roles').select(['brand_id', 'role']).where('staff_id', '=', result.id).orderBy('brand_id').execute()
      expect(roles).toEqual([
        { brand_id: 'ckb', role: 'owner' },
        { brand_id: 'glow', role: 'owner' },
        { brand_id: 'popfitclothing', role: 'owner' },
      ])
      const audit = await store.db.selectFrom('audit_log').select(['action', 'staff_id', 'ip']).where('entity_id', '=', result.id).execute()
      expect(audit).toHaveLength(3)
      expect(audit[0]).toMatchObject({ action: 'staff.grant', staff_id: null, ip: 'command line' })
    } finally {
      await store.close()
    }
  })

  it('gives an existing e-mail the new role for the brands named, and prints a one-time link without a password', async () => {
    const result = await runStaffCommand(['add', '--email', 'owner@example.com', '--name', 'Olive Owner', '--role', 'analyst', '--brands', 'glow'], env)
    expect(result.created).toBe(false)
    expect(result.link).toMatch(/\/admin\/set-password\?token=[\w-]{40,}$/)
    const store = openDatabase(env.DATABASE_URL)
    try {
      const roles = await store.db.selectFrom('staff_brand_roles').select(['brand_id', 'role']).where('staff_id', '=', result.id).orderBy('brand_id').execute()
      expect(roles.find((r) => r.brand_id === 'glow')?.role).toBe('analyst')
      expect(roles.find((r) => r.brand_id === 'ckb')?.role).toBe('owner')
    } finally {
      await store.close()
    }
  })

  it('refuses a common password, an unknown role or brand, with a readable message', async () => {
    await expect(
      runStaffCommand(['add', '--email', 'b@example.com', '--name', 'B', '--role', 'owner', '--brands', 'all', '--password-stdin'], env, { password: async () => 'password123' }),
    ).rejects.toThrow(/common|guess/i)
    await expect(runStaffCommand(['add', '--email', 'b@example.com', '--name', 'B', '--role', 'boss', '--brands', 'all'], env)).rejects.toThrow(/not a role/)
    await expect(runStaffCommand(['add', '--email', 'b@example.com', '--name', 'B', '--role', 'owner', '--brands', 'nope'], env)).rejects.toThrow(/No brand nope/)
    await expect(runStaffCommand(['list'], env)).rejects.toThrow(/Usage/)
  })
})
