/** Who is logged in (GET /api/admin/me), shared by the shell and the pages. */
import { createContext, useContext } from 'react'
import type { Me } from './api.ts'

export interface Session {
  me: Me
  may(action: string): boolean
  refresh(): Promise<void>
  loggedOut(): void
}

export const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside the shell')
  return session
}
