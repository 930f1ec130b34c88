/** The operator API (/api/admin, DESIGN §8) as the app calls it: JSON in, `{data}` or `{errors}` out. */

export type {
  AdminBundleOffer,
  AdminDiscountCode,
  AdminItem,
  AdminItemPhoto,
  AdminOneTimeOffer,
  AdminOrder,
  AdminOrderBump,
  AdminOrderSummary,
  AdminSocialMediaSpecial,
  AdminSplitTest,
  AuditEntry,
  CatalogCsvChange,
  CatalogCsvError,
  FunnelReport,
  LowStockReport,
  PackingSlip,
  SalesReport,
  SplitTestResults,
  StockAdjustment,
} from '@store/core'

export interface FieldError {
  message: string
  field?: string
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: FieldError[],
  ) {
    super(errors.map((error) => error.message).join(' ') || `The server answered ${status}.`)
    this.name = 'ApiError'
  }

  /** the message about one field, if the server named it */
  about(field: string): string | undefined {
    return this.errors.find((error) => error.field === field)?.message
  }
}

export async function api<T>(path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  return send<T>(path, method, options.body === undefined ? undefined : JSON.stringify(options.body), options.body === undefined ? undefined : 'application/json', options.headers)
}

/** A file to the API: a form of files (multipart, the browser sets its type) or a file as the body (its own type). */
export function upload<T>(path: string, body: FormData | Blob, contentType?: string): Promise<T> {
  return send<T>(path, 'POST', body, contentType)
}

async function send<T>(path: string, method: string, body: BodyInit | undefined, contentType: string | undefined, headers: Record<string, string> = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(`/api/admin${path}`, {
      method,
      credentials: 'same-origin',
      headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
      body,
    })
  } catch {
    throw new ApiError(0, [{ message: 'The store could not be reached. Check your connection and try again.' }])
  }
  const payload = (await response.json().catch(() => ({}))) as { data?: T; errors?: FieldError[] }
  if (!response.ok || payload.data === undefined) throw new ApiError(response.status, payload.errors ?? [])
  return payload.data
}

export type Role = 'owner' | 'manager' | 'fulfilment' | 'support' | 'analyst'

export interface Me {
  staff: { id: string; email: string; name: string; roles: { brand: string; role: Role }[]; totp_enabled: boolean; totp_required: boolean }
  brand: { id: string; name: string }
  role: Role
  may: string[]
}

export const money = (dollars: number | null) => (dollars === null ? '—' : `$${dollars.toFixed(2)}`)
export const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
