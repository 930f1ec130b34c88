import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startJobLoop } from './job-loop.ts'

describe('the job loop', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())
  const quiet = { error: vi.fn() }

  it('never runs two rounds at once: a round that outlasts its interval delays the next', async () => {
    let inFlight = 0
    let most = 0
    let rounds = 0
    const loop = startJobLoop({ job: 'slow', intervalMs: 100, log: quiet }, async () => {
      rounds += 1
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 250))
      inFlight -= 1
    })
    await vi.advanceTimersByTimeAsync(1_000)
    const stopping = loop.stop()
    await vi.advanceTimersByTimeAsync(250)
    await stopping
    expect(most).toBe(1)
    // ten intervals passed, but each round held the loop for 250 ms
    expect(rounds).toBeGreaterThanOrEqual(3)
    expect(rounds).toBeLessThanOrEqual(4)
  })

  it('stops: no round after stop(), which resolves once the round in progress is over', async () => {
    let finished = 0
    let started = 0
    const loop = startJobLoop({ job: 'stopping', intervalMs: 100, firstAfterMs: 0, log: quiet }, async () => {
      started += 1
      await new Promise((resolve) => setTimeout(resolve, 50))
      finished += 1
    })
    await vi.advanceTimersByTimeAsync(10)
    expect(started).toBe(1)
    let stopped = false
    const stopping = loop.stop().then(() => {
      stopped = true
    })
    await vi.advanceTimersByTimeAsync(10)
    expect(stopped).toBe(false)
    await vi.advanceTimersByTimeAsync(50)
    await stopping
    expect([started, finished, stopped]).toEqual([1, 1, true])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(started).toBe(1)
  })

  it('logs a failed round and tries again at the next interval; keeps no process alive', async () => {
    const log = { error: vi.fn() }
    let rounds = 0
    const loop = startJobLoop({ job: 'flaky', intervalMs: 100, log, failure: 'flaky: round failed' }, async () => {
      rounds += 1
      if (rounds === 1) throw new Error('the service did not answer')
    })
    expect(loop.timer.hasRef()).toBe(false)
    await vi.advanceTimersByTimeAsync(250)
    await loop.stop()
    expect(rounds).toBe(2)
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(log.error.mock.calls[0]?.[1]).toBe('flaky: round failed')
  })

  it('runs its first round when told: at once, after a delay, or one interval after start', async () => {
    const firsts: Record<string, number> = {}
    const loops = [
      ['at once', 0],
      ['after 30 s', 30_000],
      ['after an interval', undefined],
    ].map(([name, firstAfterMs]) =>
      startJobLoop({ job: String(name), intervalMs: 60_000, firstAfterMs: firstAfterMs as number | undefined, log: quiet }, async () => {
        firsts[String(name)] ??= Date.now()
      }),
    )
    const start = Date.now()
    await vi.advanceTimersByTimeAsync(61_000)
    for (const loop of loops) await loop.stop()
    expect(Object.fromEntries(Object.entries(firsts).map(([name, at]) => [name, at - start]))).toEqual({ 'at once': 0, 'after 30 s': 30_000, 'after an interval': 60_000 })
  })

  it('refuses an interval of 0: a job switched off runs no loop at all', () => {
    expect(() => startJobLoop({ job: 'off', intervalMs: 0, log: quiet }, async () => {})).toThrow(/above 0/)
  })
})
