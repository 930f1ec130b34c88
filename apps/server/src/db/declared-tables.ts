/**
 * What db/schema.ts declares, read from its source with the TypeScript parser:
 * each table of the `Database` interface, and for each column its type, whether
 * it may be null and whether the database fills it (Kysely's Generated).
 * The schema drift test (schema-drift.test.ts) holds this against the migrated
 * databases (docs/decisions/162-table-types-checked-against-the-database.md).
 */
import { readFileSync } from 'node:fs'
import ts from 'typescript'

/** A column's value as Kysely hands it out: the TypeScript type, null apart. */
export type ColumnKind = 'string' | 'number' | 'boolean'

export interface DeclaredColumn {
  kind: ColumnKind
  nullable: boolean
  /** Generated<T>: may be left out of an insert, the database fills it */
  generated: boolean
}

/** table name -> column name -> column */
export type DeclaredTables = Map<string, Map<string, DeclaredColumn>>

type Declaration = ts.InterfaceDeclaration | ts.TypeAliasDeclaration

const GENERATED = new Set(['Generated', 'GeneratedAlways'])

export function readDeclaredTables(file: string): DeclaredTables {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const declarations = new Map<string, Declaration>()
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) declarations.set(statement.name.text, statement)
  }
  const database = declarations.get('Database')
  if (!database || !ts.isInterfaceDeclaration(database)) throw new Error(`${file}: no interface Database`)
  const tables: DeclaredTables = new Map()
  for (const [table, typeNode] of membersOf(database, declarations)) {
    const tableDeclaration = ts.isTypeReferenceNode(typeNode) ? declarations.get(typeNode.typeName.getText()) : undefined
    if (!tableDeclaration || !ts.isInterfaceDeclaration(tableDeclaration)) {
      throw new Error(`Database.${table}: expected the name of an interface of ${file}, got ${typeNode.getText()}`)
    }
    const columns = new Map<string, DeclaredColumn>()
    for (const [column, columnType] of membersOf(tableDeclaration, declarations)) {
      columns.set(column, readColumn(columnType, declarations, `${table}.${column}`))
    }
    tables.set(table, columns)
  }
  return tables
}

/** The properties of an interface, with those of the interfaces of the file it extends. */
function membersOf(declaration: ts.InterfaceDeclaration, declarations: Map<string, Declaration>): [string, ts.TypeNode][] {
  const members: [string, ts.TypeNode][] = []
  for (const clause of declaration.heritageClauses ?? []) {
    for (const base of clause.types) {
      const parent = declarations.get(base.expression.getText())
      if (!parent || !ts.isInterfaceDeclaration(parent)) throw new Error(`${declaration.name.text} extends ${base.getText()}, which is not an interface of the file`)
      members.push(...membersOf(parent, declarations))
    }
  }
  for (const member of declaration.members) {
    if (!ts.isPropertySignature(member) || !member.type) throw new Error(`${declaration.name.text}: ${member.getText()} is not a typed property`)
    const name = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText()
    if (member.questionToken) throw new Error(`${declaration.name.text}.${name}: optional properties say nothing to Kysely; use Generated<T> or T | null`)
    members.push([name, member.type])
  }
  return members
}

function readColumn(node: ts.TypeNode, declarations: Map<string, Declaration>, where: string): DeclaredColumn {
  if (ts.isTypeReferenceNode(node)) {
    const name = node.typeName.getText()
    const [first, insert] = node.typeArguments ?? []
    if (GENERATED.has(name) && first) return { ...readColumn(first, declarations, where), generated: true }
    // ColumnType<Select, Insert, Update>: generated when the insert type admits undefined
    if (name === 'ColumnType' && first) {
      const generated = insert !== undefined && unionMembers(insert).some((member) => member.kind === ts.SyntaxKind.UndefinedKeyword)
      return { ...readColumn(first, declarations, where), generated }
    }
    const alias = declarations.get(name)
    if (alias && ts.isTypeAliasDeclaration(alias)) return readColumn(alias.type, declarations, where)
  }
  let nullable = false
  const kinds = new Set<ColumnKind>()
  for (const member of unionMembers(node)) {
    if (ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword) nullable = true
    else {
      const kind = kindOf(member)
      if (!kind) throw new Error(`${where}: cannot read the column type ${node.getText()} (teach db/declared-tables.ts)`)
      kinds.add(kind)
    }
  }
  const [kind, ...others] = kinds
  if (!kind || others.length > 0) throw new Error(`${where}: a column holds one kind of value, got ${node.getText()}`)
  return { kind, nullable, generated: false }
}

function unionMembers(node: ts.TypeNode): ts.TypeNode[] {
  if (ts.isParenthesizedTypeNode(node)) return unionMembers(node.type)
  return ts.isUnionTypeNode(node) ? node.types.flatMap(unionMembers) : [node]
}

function kindOf(node: ts.TypeNode): ColumnKind | undefined {
  if (node.kind === ts.SyntaxKind.StringKeyword) return 'string'
  if (node.kind === ts.SyntaxKind.NumberKeyword) return 'number'
  if (node.kind === ts.SyntaxKind.BooleanKeyword) return 'boolean'
  if (ts.isLiteralTypeNode(node)) {
    if (ts.isStringLiteral(node.literal)) return 'string'
    if (ts.isNumericLiteral(node.literal)) return 'number'
    if (node.literal.kind === ts.SyntaxKind.TrueKeyword || node.literal.kind === ts.SyntaxKind.FalseKeyword) return 'boolean'
  }
  return undefined
}
