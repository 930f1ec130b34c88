/**
 * The catalogue as CSV and back (docs/admin-catalogue.md): one row per item
 * (a colour of a style) and size, with every field the item form edits. The export
 * is written page by page through csv-stringify (bounded memory however large the
 * catalogue); the import is read through csv-parse as it arrives, checked whole
 * (each change and each error with its line), and applied only without errors, in
 * one transaction, each item's change audited as the form's save is. An export
 * imported unchanged changes nothing.
 */
import type { Readable } from 'node:stream'
import { normalizeSizes, sortSizes, type AdminItem, type CatalogCsvChange, type CatalogCsvError } from '@store/core'
import { CsvError, parse } from 'csv-parse'
import type { RequestContext } from '../context/request-context.ts'
import { HttpError } from '../http/errors.ts'
import { csvFromRows, restoreFormula } from '../shared/csv.ts'
import type { AuditActor } from '../staff/audit.ts'
import { changeItem, checkPrices, listCategoryNames, listItems, readItems, readSizes, type CatalogCaches, type ItemInput } from './catalog-admin.service.ts'
import { newItemBody } from './catalog-admin.schemas.ts'

/** The columns, in the order written. style_id and stock are for reading: the import never changes them. */
const CSV_COLUMNS = [
  'item_id',
  'style_id',
  'name',
  'category',
  'color',
  'price',
  'member_price',
  'compare_at_price',
  'published',
  'vip_exclusive',
  'description',
  'size',
  'stock',
] as const
type Column = (typeof CSV_COLUMNS)[number]
const REQUIRED: Column[] = ['item_id', 'name', 'category', 'color', 'price', 'size']

/** Items read per page of the export (three statements a page). */
const EXPORT_PAGE = 500
/** The largest import taken: a 50,000-row catalogue is about 10 MB. */
const MAX_CSV_BYTES = 40 * 1024 * 1024

const money = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2))

function rowsOf(item: AdminItem): string[][] {
  const fields = [
    String(item.id),
    item.style_id,
    item.name,
    item.category ?? '',
    item.color,
    money(item.price),
    money(item.member_price),
    money(item.compare_at_price),
    String(item.published),
    String(item.vip_exclusive),
    item.description,
  ]
  if (item.sizes.length === 0) return [[...fields, '', '']]
  return item.sizes.map((size) => [...fields, size.size, String(size.stock)])
}

/** The brand's catalogue as a CSV stream, read EXPORT_PAGE items at a time as the client takes it. */
export function exportItemsCsv(ctx: RequestContext): Readable {
  return csvFromRows(CSV_COLUMNS, catalogueRows(ctx))
}

async function* catalogueRows(ctx: RequestContext): AsyncGenerator<string[]> {
  let cursor: string | undefined
  do {
    const page = await listItems(ctx, { cursor, limit: EXPORT_PAGE })
    for (const item of page.items) yield* rowsOf(item)
    cursor = page.next_cursor ?? undefined
  } while (cursor)
}

export interface CsvReport {
  dry_run: boolean
  applied: boolean
  items: number
  changes: CatalogCsvChange[]
  errors: CatalogCsvError[]
}

/** One item as its rows say it: the fields (from its first row) and its sizes (one a row). */
interface ItemRows {
  line: number
  id: number
  fields: Record<string, string>
  sizes: { size: string; stock: string | undefined; line: number }[]
}

const ITEM_FIELDS = ['name', 'category', 'color', 'price', 'member_price', 'compare_at_price', 'published', 'vip_exclusive', 'description'] as const

/** Reads the CSV as it arrives: each item's rows, or the errors of the lines that cannot be read. */
async function readRows(source: Readable, errors: CatalogCsvError[]): Promise<Map<number, ItemRows>> {
  const items = new Map<number, ItemRows>()
  let bytes = 0
  source.on('data', (chunk: Buffer) => {
    bytes += chunk.length
    if (bytes > MAX_CSV_BYTES) source.destroy(new HttpError(413, `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. Import it in parts.`))
  })
  const parser = source.pipe(parse({ info: true, bom: true, skip_empty_lines: true, relax_column_count: true }))
  source.on('error', (error) => parser.destroy(error))
  let header: string[] | null = null
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines
      if (!header) {
        header = record.map((name) => name.trim().toLowerCase())
        const unknown = header.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name))
        const missing = REQUIRED.filter((name) => !header!.includes(name))
        if (unknown.length > 0) errors.push({ line, field: unknown[0]!, message: `Unknown column ${unknown.join(', ')}. The columns are ${CSV_COLUMNS.join(', ')}.` })
        if (missing.length > 0) errors.push({ line, field: missing[0]!, message: `The column ${missing.join(', ')} is missing.` })
        if (unknown.length > 0 || missing.length > 0) return items
        continue
      }
      if (record.length !== header.length) {
        errors.push({ line, field: null, message: `This line has ${record.length} fields; the header has ${header.length}.` })
        continue
      }
      const row: Record<string, string> = {}
      header.forEach((name, i) => {
        row[name] = restoreFormula(record[i] ?? '')
      })
      const idText = (row.item_id ?? '').trim()
      if (!/^\d{1,10}$/.test(idText)) {
        errors.push({
          line,
          field: 'item_id',
          message: idText ? `“${idText.slice(0, 20)}” is not an item id.` : 'The item_id is empty: an import changes the items the store has (add new ones on the Items page).',
        })
        continue
      }
      const id = Number(idText)
      const size = (row.size ?? '').trim()
      const known = items.get(id)
      if (!known) {
        const fields = Object.fromEntries(ITEM_FIELDS.filter((name) => name in row).map((name) => [name, row[name]!]))
        items.set(id, { line, id, fields, sizes: size ? [{ size, stock: row.stock, line }] : [] })
        continue
      }
      // the size counts even on a line in error: it is not reported dropped as well
      if (size) known.sizes.push({ size, stock: row.stock, line })
      const differs = ITEM_FIELDS.find((name) => name in row && (row[name] ?? '').trim() !== (known.fields[name] ?? '').trim())
      if (differs) errors.push({ line, field: differs, message: `Item ${id}'s ${differs} differs from line ${known.line}: each row of an item carries the same fields.` })
    }
    if (!header) errors.push({ line: 1, field: null, message: 'The file is empty: it needs the header line and a line per item and size.' })
  } catch (error) {
    if (error instanceof HttpError) throw error
    if (error instanceof CsvError) {
      const lines = (error as CsvError & { lines?: number }).lines
      errors.push({ line: lines ?? 0, field: null, message: `The file cannot be read as CSV here: ${error.message}` })
      return items
    }
    throw error
  }
  return items
}

const text = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'number' ? value.toFixed(2) : String(value))

/** What an item's rows change of it (a patch of the changed fields only), or its errors. */
function compare(rows: ItemRows, item: AdminItem, categories: Set<string>, changes: CatalogCsvChange[], errors: CatalogCsvError[]): Partial<ItemInput> | null {
  const { line, id } = rows
  const sizes = rows.sizes.map((s) => s.size)
  // a field as exported is unchanged, and not checked again (an item without a category exports none)
  const exported = rowsOf(item)[0]!
  const edited = Object.fromEntries(
    Object.entries(rows.fields).filter(([field, value]) => {
      const at = CSV_COLUMNS.indexOf(field as Column)
      return at < 0 || restoreFormula(exported[at] ?? '').trim() !== value.trim()
    }),
  )
  const parsed = newItemBody.partial().safeParse({ ...edited, sizes: sizes.join(',') })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push({ line, field: String(issue.path[0] ?? '') || null, message: issue.message })
    return null
  }
  const input = parsed.data
  const before = errors.length
  const current: Record<string, unknown> = {
    name: item.name,
    category: item.category ?? '',
    color: item.color,
    price: item.price,
    member_price: item.member_price,
    compare_at_price: item.compare_at_price,
    published: item.published,
    vip_exclusive: item.vip_exclusive,
    description: item.description.trim(),
  }
  const patch: Partial<ItemInput> = {}
  const note = (field: string, from: unknown, to: unknown) => changes.push({ line, item_id: id, field, from: text(from), to: text(to) })
  for (const field of ITEM_FIELDS) {
    if (!(field in edited)) continue
    let value: unknown = input[field]
    if (field === 'category' && typeof value === 'string') value = value.toLowerCase()
    if ((field === 'member_price' || field === 'compare_at_price') && value === undefined) value = null
    if ((field === 'published' || field === 'vip_exclusive') && value === undefined) continue
    if (value === current[field] || (value ?? '') === (current[field] ?? '')) continue
    if (field === 'category' && !categories.has(String(value))) {
      errors.push({ line, field, message: `There is no category “${String(value)}” in this store.` })
      continue
    }
    note(field, current[field], value)
    Object.assign(patch, { [field]: value })
  }
  // sizes: the rows' sizes, in the store's order; a size dropped must have none in stock
  let wanted: string[] = []
  try {
    // an item that has no sizes may stay without (its one row has an empty size)
    if (sizes.length > 0 || item.sizes.length > 0) wanted = readSizes(sizes.join(','))
  } catch (error) {
    errors.push({ line, field: 'size', message: error instanceof Error ? error.message : 'Give at least one size.' })
  }
  const seen = new Set<string>()
  for (const row of rows.sizes) {
    const [normal] = normalizeSizes(row.size)
    if (normal && seen.has(normal)) errors.push({ line: row.line, field: 'size', message: `Size ${row.size} of item ${id} is on two lines.` })
    if (normal) seen.add(normal)
    const stock = row.stock?.trim()
    const had = item.sizes.find((s) => s.size === normal)
    if (stock !== undefined && stock !== '' && stock !== String(had?.stock ?? 0))
      errors.push({ line: row.line, field: 'stock', message: `Stock is counted on the item's page, with a reason, not by import: leave ${had?.stock ?? 0} for size ${row.size}.` })
  }
  const have = sortSizes(item.sizes.map((s) => s.size))
  if (wanted.length > 0 && wanted.join(',') !== have.join(',')) {
    for (const gone of item.sizes.filter((s) => !wanted.includes(s.size) && s.stock > 0))
      errors.push({ line, field: 'size', message: `Size ${gone.size} of item ${id} still has ${gone.stock} in stock: set it to 0 on the item's page before dropping it.` })
    note('sizes', have.join(','), wanted.join(','))
    patch.sizes = wanted.join(',')
  }
  try {
    checkPrices(
      patch.price ?? item.price,
      patch.member_price === undefined ? item.member_price : patch.member_price,
      patch.compare_at_price === undefined ? item.compare_at_price : patch.compare_at_price,
    )
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    errors.push({ line, field: error.field ?? null, message: error.message })
  }
  return errors.length === before ? patch : null
}

/** Reads an import; without errors and not a dry run, makes its changes in one transaction. */
export async function importItemsCsv(ctx: RequestContext, actor: AuditActor, caches: CatalogCaches, source: Readable, dryRun: boolean): Promise<CsvReport> {
  const { db, brandId } = ctx.data
  const errors: CatalogCsvError[] = []
  const changes: CatalogCsvChange[] = []
  const rows = await readRows(source, errors)
  const categories = new Set((await listCategoryNames(ctx)).map((c) => c.name))
  const patches = new Map<number, Partial<ItemInput>>()
  const ids = [...rows.keys()]
  for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
    const items = new Map((await readItems(db, brandId, ids.slice(start, start + EXPORT_PAGE))).map((item) => [item.id, item]))
    for (const id of ids.slice(start, start + EXPORT_PAGE)) {
      const own = rows.get(id)!
      const item = items.get(id)
      if (!item) {
        errors.push({ line: own.line, field: 'item_id', message: `There is no item ${id} in this store.` })
        continue
      }
      const patch = compare(own, item, categories, changes, errors)
      if (patch && Object.keys(patch).length > 0) patches.set(id, patch)
    }
  }
  errors.sort((a, b) => a.line - b.line)
  changes.sort((a, b) => a.line - b.line)
  const apply = !dryRun && errors.length === 0 && patches.size > 0
  if (apply) {
    await db.transaction().execute(async (trx) => {
      for (const [id, patch] of patches) await changeItem(trx, brandId, actor, id, patch)
    })
    caches.clear(brandId)
  }
  return { dry_run: dryRun, applied: apply, items: rows.size, changes, errors }
}
