#!/usr/bin/env node
// What the browser's JavaScript files are made of: for each file, the bytes of
// minified code that come from each source module, read from its source map.
//
//   BUNDLE_SOURCEMAP=1 npm run build:web
//   node scripts/js-composition.mjs apps/web/build/client/assets/store-*.js [more files]
//
// (docs/performance.md, "First-visit JavaScript": which files a page loads.)
import { existsSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The values of one source-map segment (base64 VLQ). */
function decodeSegment(segment) {
  const values = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
      continue
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1)
    value = 0
    shift = 0
  }
  return values
}

/** source module -> bytes of the generated code mapped to it ('(glue)' for unmapped code). */
export function composition(code, map) {
  const bytes = new Map()
  const add = (source, length) => bytes.set(source, (bytes.get(source) ?? 0) + length)
  const lines = code.split('\n')
  let sourceIndex = 0
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? ''
    const segments = line ? line.split(',').map(decodeSegment) : []
    let column = 0
    let covered = 0
    const starts = []
    for (const segment of segments) {
      column += segment[0]
      if (segment.length > 1) sourceIndex += segment[1]
      starts.push({ column, source: segment.length > 1 ? map.sources[sourceIndex] : null })
    }
    starts.forEach(({ column: start, source }, i) => {
      const end = starts[i + 1]?.column ?? text.length
      add(source ?? '(glue)', end - start)
      covered += end - start
    })
    add('(glue)', text.length - covered)
  })
  return bytes
}

const shortName = (source) =>
  source
    .replace(/^.*node_modules\//, '')
    .replace(/^(\.\.\/)+(apps\/web\/)?/, '')
    .replace(/^packages\//, '')

const files = process.argv.slice(2)
if (files.length === 0) {
  console.error('usage: node scripts/js-composition.mjs FILE.js... (built with BUNDLE_SOURCEMAP=1)')
  process.exit(1)
}
for (const file of files) {
  if (!existsSync(`${file}.map`)) {
    console.log(`${basename(file)}: no source map (build with BUNDLE_SOURCEMAP=1)`)
    continue
  }
  const code = readFileSync(file, 'utf8')
  const rows = [...composition(code, JSON.parse(readFileSync(`${file}.map`, 'utf8')))].sort((a, b) => b[1] - a[1])
  console.log(`${basename(file)}: ${code.length} bytes`)
  for (const [source, length] of rows) if (length > 0) console.log(`${String(length).padStart(9)}  ${shortName(source)}`)
}
