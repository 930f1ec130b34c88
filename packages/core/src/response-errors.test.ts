import { describe, it, expect } from 'vitest'
import { firstErrorField, readErrorList } from './response-errors.ts'

describe('readErrorList', () => {
  it('reads errors, error or err', () => {
    expect(readErrorList({ errors: ['a', 'b'] })).toEqual(['a', 'b'])
    expect(readErrorList({ error: ['c'] })).toEqual(['c'])
    expect(readErrorList({ err: ['d'] })).toEqual(['d'])
  })
  it('wraps a string into a list', () => {
    expect(readErrorList({ error: 'Card declined' })).toEqual(['Card declined'])
    expect(readErrorList({ err: 'Oops' })).toEqual(['Oops'])
  })
  it('reads messages of error objects', () => {
    expect(readErrorList({ errors: [{ message: 'Email is required', field: 'email' }, 'Plain'] })).toEqual(['Email is required', 'Plain'])
    expect(readErrorList({ error: { message: 'Single' } })).toEqual(['Single'])
  })
  it('gives an empty list when there are none', () => {
    expect(readErrorList({ data: {} })).toEqual([])
    expect(readErrorList(null)).toEqual([])
    expect(readErrorList('text')).toEqual([])
    expect(readErrorList({ errors: [null, 3, '', {}] })).toEqual([])
  })
})

describe('firstErrorField', () => {
  it('names the first field among the errors', () => {
    expect(firstErrorField({ errors: [{ message: 'x' }, { message: 'y', field: 'zip' }, { message: 'z', field: 'city' }] })).toBe('zip')
    expect(firstErrorField({ errors: ['x'] })).toBeUndefined()
  })
})
