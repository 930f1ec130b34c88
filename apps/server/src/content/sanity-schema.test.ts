import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRAND_OPTIONS, type SchemaField, type SchemaType, schemaTypes } from '../../../../sanity/schema-types.ts'
import { BRANDS } from '../brands/registry.ts'
import { startTestStore, type TestStore } from '../test/harness.ts'
import { exportBrandContent } from './content-export.ts'
import { contentBlockDocument, imageRefDocument, SANITY_DOCUMENTS } from './sanity-documents.ts'

const typeNamed = (name: string): SchemaType | undefined => schemaTypes.find((type) => type.name === name)
const fieldNames = (type: SchemaType | undefined) => (type?.fields ?? []).map((field) => field.name).sort()
const readKeys = (shape: Record<string, unknown>) =>
  Object.keys(shape)
    .filter((key) => !key.startsWith('_'))
    .sort()

describe("the studio's schema types (/sanity) declare what the adapter reads", () => {
  it('each document type the adapter reads is a document type of the studio, with the same fields', () => {
    for (const [name, document] of Object.entries(SANITY_DOCUMENTS)) {
      const type = typeNamed(name)
      expect(type?.type, name).toBe('document')
      expect(fieldNames(type), name).toEqual(readKeys(document.shape))
    }
    expect(fieldNames(typeNamed('contentBlock'))).toEqual(readKeys(contentBlockDocument.shape))
    expect(fieldNames(typeNamed('imageRef'))).toEqual(readKeys(imageRefDocument.shape))
    // every document names one of the store's brands
    expect(BRAND_OPTIONS.map((option) => option.value)).toEqual(BRANDS.map((brand) => brand.id))
    // an object type a field names is declared
    const declared = new Set(schemaTypes.map((type) => type.name))
    const builtIn = new Set(['string', 'text', 'number', 'boolean', 'slug', 'array'])
    for (const type of schemaTypes) {
      for (const field of type.fields) {
        for (const named of [field.type, ...(field.of ?? []).map((member) => member.type)])
          expect(builtIn.has(named) || declared.has(named), `${type.name}.${field.name}: ${named}`).toBe(true)
      }
    }
  })

  describe('and every field of what content:export writes', () => {
    let t: TestStore
    beforeAll(async () => {
      t = await startTestStore('sqlite')
    })
    afterAll(() => t.close())

    it('is declared by its type, down to the objects in its arrays', async () => {
      const seen = new Set<string>()
      const check = (value: unknown, type: SchemaType, where: string) => {
        seen.add(type.name)
        for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
          if (key.startsWith('_')) continue
          const field = type.fields.find((each) => each.name === key)
          expect(field, `${where}.${key} is not declared by ${type.name}`).toBeDefined()
          if (field && inner !== null) checkField(inner, field, `${where}.${key}`)
        }
      }
      const checkField = (value: unknown, field: SchemaField, where: string) => {
        const objectType = typeNamed(field.type)
        if (objectType) return check(value, objectType, where)
        if (field.type === 'array') {
          expect(Array.isArray(value), where).toBe(true)
          for (const [index, member] of (value as unknown[]).entries()) {
            const memberType = field.of?.[0]?.type ?? ''
            const named = typeNamed(memberType)
            if (named) {
              expect((member as { _type?: string })._type, `${where}[${index}]`).toBe(memberType)
              expect(typeof (member as { _key?: string })._key, `${where}[${index}]._key`).toBe('string')
              check(member, named, `${where}[${index}]`)
            } else expect(typeof member, `${where}[${index}]`).toBe(memberType === 'string' ? 'string' : typeof member)
          }
          return
        }
        const expected = { string: 'string', text: 'string', number: 'number', boolean: 'boolean', slug: 'object' }[field.type]
        expect(typeof value, where).toBe(expected)
      }
      for (const brand of BRANDS) {
        for (const document of await exportBrandContent(t.store.db, brand.id)) {
          const type = typeNamed(document._type)
          expect(type?.type, document._id).toBe('document')
          if (type) check(document, type, document._id)
        }
      }
      // the seed's content reaches every type of the schema
      expect([...seen].sort()).toEqual(schemaTypes.map((type) => type.name).sort())
    })
  })
})
