/** How the club pages write figures: rates as percentages, a figure as a link to its members. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`)

/** The members list showing the members behind a figure. */
export const membersHref = (filter: string) => `/club/members?${filter}`

export const STATE_LABELS = {
  active: 'Active',
  skipped: 'Skipped',
  paused: 'Paused',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
  lapsed: 'Lapsed',
} as const

export type StateName = keyof typeof STATE_LABELS
export const STATE_NAMES = Object.keys(STATE_LABELS) as StateName[]

/** The filter of a members list in words, for its heading. */
export function describeFilter(params: URLSearchParams): string {
  const parts: string[] = []
  const range = params.get('month') ?? (params.get('from') ? `${params.get('from')} to ${params.get('to') ?? params.get('from')}` : null)
  const state = params.get('state')
  if (state) parts.push(`${STATE_LABELS[state as StateName] ?? state}${params.get('on') ? ` on ${params.get('on')}` : ' today'}`)
  const event = params.get('event')
  if (event) {
    const cause = params.get('cause')
    const words = event.replaceAll(',', ' or ').replaceAll('_', ' ')
    parts.push(
      `${words}${cause ? ` (${cause.replaceAll('_', ' ')})` : ''}${params.get('retry_day') ? ` on retry day ${params.get('retry_day')}` : ''}${range ? ` in ${range}` : ''}`,
    )
  }
  const offer = params.get('offer')
  if (offer)
    parts.push(
      `save offer ${offer === 'shown' ? 'shown' : offer === 'none' ? 'left unanswered' : offer === 'cancel' ? 'refused (cancelled anyway)' : `answered by a ${offer}`}${range ? ` in ${range}` : ''}`,
    )
  if (params.get('reason')) parts.push(`cancelled giving “${params.get('reason')}”${range ? ` in ${range}` : ''}`)
  if (params.get('cohort')) parts.push(`joined in ${params.get('cohort')}${params.get('member_on') ? `, still members on ${params.get('member_on')}` : ''}`)
  if (params.get('query')) parts.push(`matching “${params.get('query')}”`)
  return parts.length > 0 ? parts.join('; ') : 'All members'
}
