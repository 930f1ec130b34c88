/** Sizes as radio chips (SPEC §5 display names), a plain form field that works before JavaScript. */
import { displaySize } from '@store/core'
import { useStore } from '../../lib/store/store-provider'

export function SizePicker({
  sizes,
  name = 'size',
  error,
  legend = 'Size',
  defaultValue,
}: {
  sizes: string[]
  name?: string
  error?: string
  legend?: string
  defaultValue?: string
}) {
  const { brand } = useStore()
  const errorId = `${name}-picker-error`
  return (
    <fieldset className="size-picker" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {sizes.map((size, i) => (
        <label key={size} className="size-chip">
          <input type="radio" name={name} value={size} defaultChecked={defaultValue ? defaultValue === size : sizes.length === 1 && i === 0} required />
          <span>{displaySize(size, brand.id)}</span>
        </label>
      ))}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
