/** The operator's API (DESIGN §8): answers of /api/admin that the server and the operator's app share. */

/** An item as the operator's catalogue lists and edits it: prices in dollars, sizes in the store's order. */
export interface AdminItem {
  id: number
  style_id: string
  name: string
  category: string | null
  categories: string[]
  color: string
  price: number
  member_price: number | null
  compare_at_price: number | null
  description: string
  published: boolean
  vip_exclusive: boolean
  sizes: { size: string; stock: number }[]
  /** the front image, for lists */
  image: string | null
}

/** One change of an item's stock in one size, with its reason and who made it (their e-mail). */
export interface StockAdjustment {
  at: string
  size: string
  from: number
  to: number
  reason: string
  by: string | null
}

/** One entry of the audit log: who did what to which entity, with the values before and after. */
export interface AuditEntry {
  id: string
  at: string
  actor: string | null
  actor_email: string | null
  action: string
  entity: string
  entity_id: string
  before: unknown
  after: unknown
  ip: string
}

/** A photo the operator uploaded for an item, in the item's order (its first is the front image). */
export interface AdminItemPhoto {
  id: string
  /** the JPEG fallback at its largest width */
  url: string
  width: number
  height: number
  alt: string
  position: number
  /** where the picture's subject is, percent from the left and from the top: a crop keeps it in view */
  focal_x: number
  focal_y: number
  /** the responsive files made from the upload */
  variants: { format: 'avif' | 'webp' | 'jpeg'; width: number; url: string }[]
}

/** One change a catalogue CSV import makes (or would make, in a dry run): the line it is read from. */
export interface CatalogCsvChange {
  line: number
  /** null: a new item the import adds */
  item_id: number | null
  field: string
  from: string
  to: string
}

/** One line of a catalogue CSV import that cannot be taken, and why. */
export interface CatalogCsvError {
  line: number
  field: string | null
  message: string
}
