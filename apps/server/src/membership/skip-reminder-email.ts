/** The skip reminder's e-mail (skip-reminder.ts sends it): the month, the last day to skip, and one link to skip it. */
import { monthName } from '@store/core'

interface SkipReminder {
  to: string
  subject: string
  body: string
}

/** The e-mail: the month, the last day to skip, and one link to skip it. */
export function skipReminderEmail(brand: { name: string; publicOrigin: string }, member: { name: string; email: string }, month: { period: string; cutoff: string }): SkipReminder {
  const first = member.name.trim().split(/\s+/)[0] ?? ''
  const monthText = monthName(month.period)
  const body = [
    `Hi ${first},`,
    '',
    `Your ${brand.name} VIP box for ${monthText} is coming. If you would rather skip ${monthText}, skip it by ${month.cutoff} and nothing is charged:`,
    '',
    `Skip ${monthText}: ${brand.publicOrigin}/skip-vip`,
    '',
    `Do nothing to get your box as usual.`,
    '',
    `Questions? ${brand.publicOrigin}/contact-us`,
    brand.name,
  ].join('\n')
  return { to: member.email, subject: `${brand.name} VIP: skip ${monthText}? The last day is ${month.cutoff}`, body }
}
