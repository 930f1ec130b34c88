/**
 * The device cookie (`did`): a random token a browser keeps for a year once a
 * customer has logged in on it. Only its SHA-256 is stored (accounts/known-devices.ts).
 * A login from a device the customer has used before passes the e-mail's login
 * backoff, so strangers guessing from elsewhere cannot keep the owner out
 * (docs/decisions/008-login-throttling.md).
 *
 * Like the session, it knows nothing of HTTP: the edge writes `change`.
 */
export const DEVICE_COOKIE = 'did'
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000

export class DeviceCookie {
  change: { token: string; expires: Date } | null = null

  constructor(
    /** the token of the request's device cookie, if it sent one */
    readonly token: string | undefined,
  ) {}

  remember(token: string, expires: Date): void {
    this.change = { token, expires }
  }
}
