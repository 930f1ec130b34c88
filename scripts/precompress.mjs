#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the storefront build,
// so the server sends fingerprinted assets compressed without compressing
// them again on every request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = process.argv[2]
if (!root) {
  console.error('usage: precompress.mjs <dir>')
  process.exit(2)
}
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|map)$/
let files = 0
let before = 0
let after = 0
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (COMPRESSIBLE.test(name)) {
      const body = readFileSync(path)
      if (body.length < 1024) continue
      const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      writeFileSync(`${path}.br`, br)
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }))
      files += 1
      before += body.length
      after += br.length
    }
  }
}
walk(root)
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB brotli`)
