import { text } from 'node:stream/consumers'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvFromRows, csvText, restoreFormula } from './csv.ts'

describe('the CSV writer', () => {
  it('writes a report a spreadsheet opens as text: a cell starting with = + - @ is not run as a formula', () => {
    const csv = csvText(
      [
        { name: '=HYPERLINK("http://evil.example","click")', stock: 3 },
        { name: 'Leggings, high waist', stock: -2 },
      ],
      ['name', 'stock'],
    )
    const rows = parse(csv) as string[][]
    expect(rows[0]).toEqual(['name', 'stock'])
    expect(rows[1]).toEqual([`'=HYPERLINK("http://evil.example","click")`, '3'])
    // a number is a number, not a formula; a comma stays inside its cell
    expect(rows[2]).toEqual(['Leggings, high waist', '-2'])
    expect(csv.endsWith('\r\n')).toBe(true)
  })

  it('streams rows as they are read and reads a defused cell back as it was', async () => {
    async function* rows() {
      yield ['-soft rib', { size: 'M' }]
      yield ['@home', null]
    }
    const csv = await text(csvFromRows(['note', 'detail'], rows()))
    const read = (parse(csv) as string[][]).slice(1).map((row) => row.map(restoreFormula))
    expect(read).toEqual([
      ['-soft rib', '{"size":"M"}'],
      ['@home', ''],
    ])
  })

  it('ends the stream with the error when reading the rows fails', async () => {
    async function* rows() {
      yield ['first']
      throw new Error('the database went away')
    }
    await expect(text(csvFromRows(['note'], rows()))).rejects.toThrow('the database went away')
  })
})
