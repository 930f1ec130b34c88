import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The server's V8 settings (v8-flags.ts) take effect when main.ts imports the module: a process that
 * makes many objects that live on is watched by V8's pretenuring (it moves their place to the old
 * generation) without the module, and not with it. Node says flags set after start-up may do
 * nothing; this is what would show it.
 */
const flagsModule = fileURLToPath(new URL('./v8-flags.ts', import.meta.url))
// objects from one place that outlive many young-generation collections: V8's case for pretenuring
const longLived = 'const keep = []; for (let r = 0; r < 5; r++) for (let i = 0; i < 300000; i++) keep.push({ i, s: "x" + i, a: [i] }); console.log(keep.length)'

function pretenuringDecisions(withFlagsModule: boolean): string[] {
  const args = ['--import', 'tsx', '--trace-pretenuring-statistics', ...(withFlagsModule ? ['--import', flagsModule] : []), '--input-type=module', '-e', longLived]
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000 })
  expect(run.status, run.stderr).toBe(0)
  expect(run.stdout).toContain('1500000')
  return run.stdout.split('\n').filter((line) => /=> (maybe )?tenure/.test(line))
}

describe("the server's V8 settings", () => {
  it('turn off allocation-site pretenuring', () => {
    // without the module V8 decides to pretenure the long-lived objects' place...
    expect(pretenuringDecisions(false).length).toBeGreaterThan(0)
    // ...with it, it never does
    expect(pretenuringDecisions(true)).toEqual([])
  }, 120_000)
})
