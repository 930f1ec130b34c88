export interface RunningStore {
  origin: string
  port: number
  /** the server's process id */
  pid: number | undefined
  databasePath: string
  stop(): Promise<void>
}
export function freePort(): Promise<number>
export function startStore(options?: { port?: number; env?: Record<string, string>; timeoutMs?: number }): Promise<RunningStore>
