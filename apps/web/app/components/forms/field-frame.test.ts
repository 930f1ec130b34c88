import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FormField } from './form-field'
import { SelectField, TextAreaField } from './select-field'

const fields = (props: { error?: string; hint?: string }) => [
  renderToStaticMarkup(createElement(FormField, { id: 'f', name: 'email', label: 'Email', ...props })),
  renderToStaticMarkup(createElement(SelectField, { id: 'f', name: 'topic', label: 'Topic', options: [{ value: 'a', caption: 'A' }], ...props })),
  renderToStaticMarkup(createElement(TextAreaField, { id: 'f', name: 'message', label: 'Message', ...props })),
]

describe('a form field', () => {
  it('is labelled, and a screen reader hears its error and its hint with the control', () => {
    for (const html of fields({ error: 'Enter a valid email address.', hint: 'We reply here.' })) {
      expect(html).toContain('<label for="f">')
      expect(html).toMatch(/<(input|select|textarea) id="f" aria-invalid="true" aria-describedby="f-error f-hint"/)
      expect(html).toContain('<p class="field-error" id="f-error">Enter a valid email address.</p>')
      expect(html).toContain('<p class="field-hint" id="f-hint">We reply here.</p>')
    }
  })

  it('without an error is not marked invalid and points at nothing', () => {
    for (const html of fields({})) {
      expect(html).not.toContain('aria-invalid')
      expect(html).not.toContain('aria-describedby')
      expect(html).not.toContain('field-error')
    }
  })
})
