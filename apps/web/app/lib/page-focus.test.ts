import { describe, expect, it } from 'vitest'
import { focusNewPage } from './page-focus'

/**
 * Just enough of a document for the rules of page-focus.ts (the web tests run without a DOM): elements
 * that take focus, keep attributes and fire blur; a document that knows its main, its h1 and its ids.
 */
class FakeElement {
  readonly attributes = new Map<string, string>()
  private blurListeners: (() => void)[] = []
  scrolledIntoView = false

  constructor(
    readonly doc: FakeDocument,
    readonly label: string,
    readonly inOpenDialog = false,
  ) {}

  hasAttribute(name: string) {
    return this.attributes.has(name)
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value)
  }
  removeAttribute(name: string) {
    this.attributes.delete(name)
  }
  addEventListener(type: string, listener: () => void) {
    if (type === 'blur') this.blurListeners.push(listener)
  }
  closest(selector: string) {
    return selector === 'dialog[open]' && this.inOpenDialog ? this : null
  }
  focus(options?: FocusOptions) {
    const previous = this.doc.activeElement
    if (previous !== this && previous instanceof FakeElement) previous.blur()
    this.doc.activeElement = this
    this.scrolledIntoView = options?.preventScroll !== true
  }
  blur() {
    const listeners = this.blurListeners
    this.blurListeners = []
    for (const listener of listeners) listener()
    if (this.doc.activeElement === this) this.doc.activeElement = this.doc.body
  }
}

class FakeDocument {
  readonly body: FakeElement = new FakeElement(this, 'body')
  activeElement: FakeElement = this.body
  main: FakeElement | null = new FakeElement(this, 'main')
  h1: FakeElement | null = new FakeElement(this, 'h1')
  readonly ids = new Map<string, FakeElement>()

  querySelector(selector: string) {
    if (selector === 'main h1') return this.h1
    if (selector === 'main') return this.main
    return null
  }
  getElementById(id: string) {
    return this.ids.get(id) ?? null
  }
}

const asDocument = (doc: FakeDocument) => doc as unknown as Document
const label = (element: Element | null) => (element as unknown as FakeElement | null)?.label

describe('focusNewPage', () => {
  it('puts focus on the new page heading, without scrolling, when focus was left on the page body', () => {
    const doc = new FakeDocument()
    focusNewPage(asDocument(doc), doc.body as unknown as Element, '')
    expect(doc.activeElement.label).toBe('h1')
    expect(doc.h1?.scrolledIntoView).toBe(false)
  })

  it('takes focus from a link or button of the page before that is still there (a header link, "No thanks")', () => {
    const doc = new FakeDocument()
    const link = new FakeElement(doc, 'header link')
    link.focus()
    focusNewPage(asDocument(doc), link as unknown as Element, '')
    expect(doc.activeElement.label).toBe('h1')
  })

  it('makes the heading focusable by script only, and only until focus leaves it', () => {
    const doc = new FakeDocument()
    focusNewPage(asDocument(doc), doc.body as unknown as Element, '')
    expect(doc.h1?.getAttribute('tabindex')).toBe('-1')
    new FakeElement(doc, 'a link further down').focus()
    expect(doc.h1?.hasAttribute('tabindex')).toBe(false)
  })

  it('leaves the cursor where the new page put it (a field in error)', () => {
    const doc = new FakeDocument()
    const arrival = doc.body
    new FakeElement(doc, 'email field').focus()
    expect(focusNewPage(asDocument(doc), arrival as unknown as Element, '')).toBeNull()
    expect(doc.activeElement.label).toBe('email field')
  })

  it('leaves focus in an open modal dialog', () => {
    const doc = new FakeDocument()
    const close = new FakeElement(doc, 'close size guide', true)
    close.focus()
    expect(focusNewPage(asDocument(doc), close as unknown as Element, '')).toBeNull()
    expect(doc.activeElement.label).toBe('close size guide')
  })

  it('goes to main when the page has no h1, keeping the tabindex main already has', () => {
    const doc = new FakeDocument()
    doc.h1 = null
    doc.main?.setAttribute('tabindex', '-1')
    focusNewPage(asDocument(doc), doc.body as unknown as Element, '')
    expect(doc.activeElement.label).toBe('main')
    new FakeElement(doc, 'a link').focus()
    expect(doc.main?.getAttribute('tabindex')).toBe('-1')
  })

  it("goes to the #hash's target when the new page has it, else to the heading", () => {
    const doc = new FakeDocument()
    doc.ids.set('returns', new FakeElement(doc, 'returns section'))
    expect(label(focusNewPage(asDocument(doc), doc.body as unknown as Element, '#returns'))).toBe('returns section')
    const other = new FakeDocument()
    expect(label(focusNewPage(asDocument(other), other.body as unknown as Element, '#nowhere'))).toBe('h1')
  })
})
