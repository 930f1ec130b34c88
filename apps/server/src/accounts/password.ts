import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** scrypt parameters: N=2^15, r=8, p=1 (OWASP's 2023 floor), 64-byte key, 16-byte salt. */
const PARAMS = { N: 32768, r: 8, p: 1 }
const KEY_LENGTH = 64
const MAX_MEMORY = 64 * 1024 * 1024

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((done, fail) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? fail(error) : done(key))),
  )
}

/** 'scrypt$N$r$p$salt$hash' (base64url parts), so parameters can rise later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash of a random password: checked when the e-mail is unknown, so both answers take as long. */
export const DECOY_HASH_PROMISE = hashPassword(randomBytes(12).toString('base64url'))
