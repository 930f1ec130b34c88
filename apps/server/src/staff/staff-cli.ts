/**
 * The operator area's first owner, and any member of staff, from the command line (DESIGN §8):
 *
 *     npm run staff -- add --email EMAIL --name "FULL NAME" --role ROLE --brands all|ID[,ID...] [--password-stdin]
 *
 * With --password-stdin the password is read from standard input (checked as every
 * password is); otherwise a one-time link to set it is printed, from the first brand's
 * public origin. An existing e-mail gets the new role for those brands. The database is
 * migrated (and, new, seeded as the server would) first. The last line printed is JSON
 * `{"id": "...", "email": "..."}`; each grant is in the audit log (actor: the command line).
 */
import { isStaffRole, type StaffRole } from '@store/core'
import { brandsWithOrigins, type Brand } from '../brands/registry.ts'
import { openDatabase } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/index.ts'
import { parseEnv, shouldSeedDemo, type Env } from '../env.ts'
import { HttpError } from '../http/errors.ts'
import { createPasswordLink, grantStaff } from './staff-accounts.ts'

export const STAFF_USAGE = 'Usage: npm run staff -- add --email EMAIL --name "FULL NAME" --role owner|manager|fulfilment|support|analyst --brands all|ID[,ID...] [--password-stdin]'

export interface StaffAddArgs {
  email: string
  name: string
  role: StaffRole
  brands: Brand[]
  passwordStdin: boolean
}

/** Reads `add --email ... --name ... --role ... --brands ...`; throws the usage or the problem. */
export function parseStaffArgs(argv: readonly string[], brands: readonly Brand[]): StaffAddArgs {
  const [command, ...rest] = argv
  if (command !== 'add') throw new Error(STAFF_USAGE)
  const options = new Map<string, string>()
  let passwordStdin = false
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!
    if (arg === '--password-stdin') passwordStdin = true
    else if (['--email', '--name', '--role', '--brands'].includes(arg)) {
      const value = rest[i + 1]
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value.\n${STAFF_USAGE}`)
      options.set(arg.slice(2), value)
      i += 1
    } else throw new Error(`Unknown option ${arg}.\n${STAFF_USAGE}`)
  }
  const email = options.get('email')?.trim() ?? ''
  const name = options.get('name')?.trim() ?? ''
  const role = options.get('role')?.trim() ?? ''
  const brandList = options.get('brands')?.trim() ?? ''
  if (!email || !name || !role || !brandList) throw new Error(STAFF_USAGE)
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`${email} is not an e-mail address.`)
  if (!isStaffRole(role)) throw new Error(`${role} is not a role: owner, manager, fulfilment, support or analyst.`)
  const chosen =
    brandList === 'all'
      ? [...brands]
      : brandList.split(',').map((id) => {
          const brand = brands.find((b) => b.id === id.trim())
          if (!brand) throw new Error(`No brand ${id.trim()}: ${brands.map((b) => b.id).join(', ')} or all.`)
          return brand
        })
  return { email, name, role, brands: chosen, passwordStdin }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  // one line: the trailing newline of `echo` is not part of the password
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
}

export async function runStaffCommand(
  argv: readonly string[],
  env: Env = parseEnv(),
  input: { password?: () => Promise<string> } = {},
): Promise<{ id: string; email: string; created: boolean; link: string | null }> {
  const brands = brandsWithOrigins(env.publicOrigins)
  const args = parseStaffArgs(argv, brands)
  const password = args.passwordStdin ? await (input.password ?? readStdin)() : undefined
  const store = openDatabase(env.DATABASE_URL)
  try {
    await migrateToLatest(store.db)
    await seedDatabase(store.db, { demo: shouldSeedDemo(env) })
    const granted = await grantStaff(
      store.db,
      { staffId: null, ip: 'command line', now: () => new Date() },
      { email: args.email, name: args.name, role: args.role, brandIds: args.brands.map((brand) => brand.id), password },
    )
    const link = password === undefined ? await createPasswordLink(store.db, granted.id, args.brands[0]!) : null
    return { ...granted, link }
  } finally {
    await store.close()
  }
}

if (process.argv[1] && /staff-cli\.(js|ts)$/.test(process.argv[1])) {
  runStaffCommand(process.argv.slice(2))
    .then((result) => {
      console.error(result.created ? `Added ${result.email}.` : `${result.email} has the new role.`)
      if (result.link) console.log(`Set the password (once, within 3 days): ${result.link}`)
      console.log(JSON.stringify({ id: result.id, email: result.email }))
      process.exit(0)
    })
    .catch((error: unknown) => {
      console.error(error instanceof HttpError || error instanceof Error ? error.message : error)
      process.exit(error instanceof HttpError ? 1 : 2)
    })
}
