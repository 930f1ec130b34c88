import { describe, expect, it } from 'vitest'
import { createApiClient } from './client'
import { createSessionGate } from './session-gate'

/** A call the test answers by hand; `sent` says whether it has gone out. */
function heldCall<T>() {
  let answer!: (value: T) => void
  let fail!: (error: Error) => void
  const call = { sent: false, answer: (value: T) => answer(value), fail: (error: Error) => fail(error) }
  const send = () => {
    call.sent = true
    return new Promise<T>((resolve, reject) => {
      answer = resolve
      fail = reject
    })
  }
  return { call, send }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the session gate', () => {
  it('lets the first writing call go alone and the others after its answer', async () => {
    const gate = createSessionGate()
    const first = heldCall<string>()
    const second = heldCall<string>()
    const third = heldCall<string>()
    const answers = [gate.through(first.send, () => true), gate.through(second.send, () => true), gate.through(third.send, () => true)]
    await tick()
    expect([first.call.sent, second.call.sent, third.call.sent]).toEqual([true, false, false])
    first.call.answer('one')
    await tick()
    expect([second.call.sent, third.call.sent]).toEqual([true, true])
    second.call.answer('two')
    third.call.answer('three')
    expect(await Promise.all(answers)).toEqual(['one', 'two', 'three'])
  })

  it('after a first call that failed, lets the next one go alone in its place', async () => {
    const gate = createSessionGate()
    const first = heldCall<boolean>()
    const second = heldCall<boolean>()
    const third = heldCall<boolean>()
    const firstAnswer = gate.through(first.send, (sent) => sent)
    const secondAnswer = gate.through(second.send, (sent) => sent)
    const thirdAnswer = gate.through(third.send, (sent) => sent)
    await tick()
    first.call.answer(false)
    await tick()
    expect([second.call.sent, third.call.sent]).toEqual([true, false])
    second.call.answer(true)
    await tick()
    expect(third.call.sent).toBe(true)
    third.call.answer(true)
    expect(await Promise.all([firstAnswer, secondAnswer, thirdAnswer])).toEqual([false, true, true])
  })

  it('passes a thrown error to its caller and still lets the next call go', async () => {
    const gate = createSessionGate()
    const first = heldCall<string>()
    const second = heldCall<string>()
    const firstAnswer = gate.through(first.send, () => true)
    const secondAnswer = gate.through(second.send, () => true)
    await tick()
    first.call.fail(new Error('offline'))
    await expect(firstAnswer).rejects.toThrow('offline')
    await tick()
    expect(second.call.sent).toBe(true)
    second.call.answer('two')
    expect(await secondAnswer).toBe('two')
  })

  it('lets calls go at once after a writing call has succeeded', async () => {
    const gate = createSessionGate()
    await gate.through(
      async () => 'session made',
      () => true,
    )
    const a = heldCall<string>()
    const b = heldCall<string>()
    void gate.through(a.send, () => true)
    void gate.through(b.send, () => true)
    await tick()
    expect([a.call.sent, b.call.sent]).toEqual([true, true])
  })
})

describe('the API client with a session gate', () => {
  it('sends a pixel event and a test-group call one after the other, and plain reads at once', async () => {
    const order: string[] = []
    let answerFirst!: () => void
    const firstHeld = new Promise<void>((resolve) => {
      answerFirst = resolve
    })
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname
      order.push(`${init?.method} ${path}`)
      if (order.length === 1) await firstHeld
      return new Response(JSON.stringify({ data: { test: { key: 'Vip4sh', value: '4sh' } } }), { status: 200 })
    }
    const api = createApiClient({ baseUrl: '/api', host: 'ckb.localhost', fetch, sessionGate: createSessionGate() })
    const pixel = api.pixel('/pixel-event', { event_name: 'PageView' })
    const group = api.post('/test-group', { key: 'Vip4sh' })
    const utm = api.get('/utm-data', { utm_source: 'ig' }, { writes: true })
    const cart = api.get('/cart')
    await tick()
    expect(order).toEqual(['GET /api/pixel-event', 'GET /api/cart'])
    answerFirst()
    await Promise.all([pixel, group, utm, cart])
    expect(order.slice(2).sort()).toEqual(['GET /api/utm-data', 'POST /api/test-group'])
  })
})
