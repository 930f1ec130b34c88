import { describe, expect, it } from 'vitest'
import { decodeInATaskOfItsOwn, indexHistoryEntry, nextTask, type RouterContextStream } from './hydration-tasks'

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder()
  let text = ''
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true })
  return text + decoder.decode()
}

describe('decodeInATaskOfItsOwn', () => {
  it('hands on the loader data unchanged and in order', async () => {
    const context: RouterContextStream = { stream: streamOf('[{"_1":2},', '"loaderData"]\n', 'P1:[3]\n') }
    decodeInATaskOfItsOwn(context)
    expect(await readAll(context.stream!)).toBe('[{"_1":2},"loaderData"]\nP1:[3]\n')
  })

  it('hands on the first chunk only after the current task, though it is there already', async () => {
    const context: RouterContextStream = { stream: streamOf('[1]\n') }
    decodeInATaskOfItsOwn(context)
    let taskPassed = false
    setTimeout(() => (taskPassed = true), 0)
    const reader = context.stream!.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    expect(taskPassed).toBe(true)
  })

  it('leaves a page without a stream alone', () => {
    expect(() => decodeInATaskOfItsOwn(undefined)).not.toThrow()
    const context: RouterContextStream = {}
    decodeInATaskOfItsOwn(context)
    expect(context.stream).toBeUndefined()
  })
})

describe('nextTask', () => {
  it('resolves after the timers already due, not in the current task', async () => {
    const order: string[] = []
    setTimeout(() => order.push('earlier timer'), 0)
    void Promise.resolve().then(() => order.push('microtask'))
    await nextTask()
    expect(order).toEqual(['microtask', 'earlier timer'])
  })
})

describe('indexHistoryEntry', () => {
  function historyWith(state: unknown) {
    const calls: unknown[] = []
    return {
      calls,
      history: {
        state,
        replaceState(next: unknown, unused: string) {
          expect(unused).toBe('')
          calls.push(next)
        },
      },
    }
  }

  it('gives an entry without an index the index 0, keeping its state, as React Router would', () => {
    const empty = historyWith(null)
    indexHistoryEntry(empty.history)
    expect(empty.calls).toEqual([{ idx: 0 }])
    const other = historyWith({ key: 'abc', usr: { from: 'cart' } })
    indexHistoryEntry(other.history)
    expect(other.calls).toEqual([{ key: 'abc', usr: { from: 'cart' }, idx: 0 }])
  })

  it('leaves an entry that has an index as it is (a reload, or back to this page)', () => {
    const indexed = historyWith({ key: 'abc', idx: 3 })
    indexHistoryEntry(indexed.history)
    expect(indexed.calls).toEqual([])
  })
})
