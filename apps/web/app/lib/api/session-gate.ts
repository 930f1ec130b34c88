/**
 * A visitor's session is made by the first call that writes something: a
 * split-test group, a pixel event, a UTM visit, a cart line, an analytics
 * batch. Two such calls sent together by a visitor without a session would
 * each start a session of their own, and the browser would keep only the
 * cookie that came back last: the visitor's split-test group, or the cart line,
 * would belong to a session the visitor no longer has.
 *
 * So in the browser the first writing call of a page load goes alone, and the
 * others wait for its answer, which carries the session cookie. Once a writing
 * call has succeeded they all go at once. A first call that fails lets the next
 * one go alone in its place.
 */
export interface SessionGate {
  /** `send`, after the writing call ahead of it; `succeeded` says whether its result means the server answered it */
  through<T>(send: () => Promise<T>, succeeded: (result: T) => boolean): Promise<T>
}

export function createSessionGate(): SessionGate {
  let open = false
  let ahead: Promise<void> | null = null

  async function through<T>(send: () => Promise<T>, succeeded: (result: T) => boolean): Promise<T> {
    while (!open && ahead !== null) await ahead
    if (open) return send()
    let release!: () => void
    ahead = new Promise<void>((resolve) => {
      release = resolve
    })
    try {
      const result = await send()
      if (succeeded(result)) open = true
      return result
    } finally {
      ahead = null
      release()
    }
  }

  return { through }
}

/** Calls that go straight out: on the server, and in tests of other things. */
export const ungated: SessionGate = { through: (send) => send() }

/** The one gate every writing call of this browser page goes through. */
export const browserSessionGate: SessionGate = createSessionGate()
