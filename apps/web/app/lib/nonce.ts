/**
 * This answer's Content-Security-Policy nonce (apps/server/src/web/page-csp.ts),
 * given by entry.server.tsx to whatever renders inline scripts. In the browser it
 * is '' (browsers hide nonces from scripts; hydration does not need it).
 */
import { createContext, useContext } from 'react'

export const NonceContext = createContext('')

export const useNonce = () => useContext(NonceContext)
