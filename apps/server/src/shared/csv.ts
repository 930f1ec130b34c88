/**
 * The one CSV writer of the operator area (catalogue export, audit log, reports): csv-stringify
 * with a header line, CRLF line ends as spreadsheets write them, and every text cell that a
 * spreadsheet would run as a formula (= + - @, a tab or a carriage return first) written after
 * a ' so it opens as text. The catalogue import reads such a cell back without the '.
 */
import { Readable, pipeline } from 'node:stream'
import { stringify } from 'csv-stringify'
import { stringify as stringifySync } from 'csv-stringify/sync'

const FORMULA_START = /^[=+\-@\t\r]/

/** A text cell as written: after a ' when a spreadsheet would run it as a formula. */
const defuseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text)

/** A cell as read back: without the ' that defuseFormula put before it. */
export const restoreFormula = (text: string): string => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text)

const options = (columns: readonly string[]) => ({
  header: true,
  columns: [...columns],
  record_delimiter: '\r\n',
  cast: { string: defuseFormula, object: (value: object) => defuseFormula(JSON.stringify(value)) },
})

/**
 * Rows read as they come (page by page from the database) as a CSV stream: the next row is read
 * only when the client has taken the last ones, so memory stays bounded however many there are.
 * An error while reading ends the stream with it.
 */
export function csvFromRows(columns: readonly string[], rows: AsyncIterable<readonly unknown[]>): Readable {
  const out = stringify(options(columns))
  pipeline(Readable.from(rows), out, () => {
    // an error destroys `out` with it, and whoever reads `out` sees it
  })
  return out
}

/** Rows already in memory (a report) as CSV text. */
export function csvText<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): string {
  return stringifySync(
    rows.map((row) => columns.map((column) => row[column] ?? '')),
    options(columns),
  )
}
