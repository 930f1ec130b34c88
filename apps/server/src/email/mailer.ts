/**
 * Where e-mail goes: an SMTP server (nodemailer) when the environment names
 * one, else the log (development: links printed so they can be clicked).
 */
import nodemailer, { type Transporter } from 'nodemailer'
import type { Env } from '../env.ts'

export interface OutgoingEmail {
  from: string
  to: string
  subject: string
  text: string
  /** the branded HTML (branded-email.ts), sent beside the text as its alternative; absent where it could not be drawn */
  html?: string
}

export interface Mailer {
  /** 'smtp' or 'log': recorded on each delivered row */
  readonly via: 'smtp' | 'log'
  send(email: OutgoingEmail): Promise<{ messageId: string }>
  close(): void
}

export interface MailLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export class SmtpMailer implements Mailer {
  readonly via = 'smtp' as const
  private readonly transport: Transporter

  constructor(options: string | { host: string; port: number; secure: boolean; user?: string; pass?: string; ignoreTLS?: boolean }) {
    this.transport =
      typeof options === 'string'
        ? nodemailer.createTransport(options)
        : nodemailer.createTransport({
            host: options.host,
            port: options.port,
            secure: options.secure,
            ignoreTLS: options.ignoreTLS,
            auth: options.user ? { user: options.user, pass: options.pass ?? '' } : undefined,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 20_000,
          })
  }

  async send(email: OutgoingEmail) {
    const info = await this.transport.sendMail({ from: email.from, to: email.to, subject: email.subject, text: email.text, ...(email.html ? { html: email.html } : {}) })
    return { messageId: String(info.messageId ?? '') }
  }

  close() {
    this.transport.close()
  }
}

/** Development: the e-mail is written to the log, whole (its links are how you log in there). Production: only that one was due. */
export class LogMailer implements Mailer {
  readonly via = 'log' as const
  constructor(
    private readonly log: MailLog,
    private readonly withBody: boolean,
  ) {}

  async send(email: OutgoingEmail) {
    if (this.withBody) this.log.info({ to: email.to, subject: email.subject, body: email.text }, 'e-mail (no SMTP configured: delivered to the log)')
    else this.log.warn({ subject: email.subject }, 'e-mail not sent: no SMTP configured (set SMTP_URL or SMTP_HOST)')
    return { messageId: `log-${Date.now()}` }
  }

  close() {}
}

export function mailerFor(env: Env, log: MailLog): Mailer {
  if (env.SMTP_URL) return new SmtpMailer(env.SMTP_URL)
  if (env.SMTP_HOST) {
    return new SmtpMailer({ host: env.SMTP_HOST, port: env.SMTP_PORT ?? 587, secure: env.SMTP_SECURE ?? false, user: env.SMTP_USER, pass: env.SMTP_PASS })
  }
  return new LogMailer(log, env.NODE_ENV !== 'production')
}
