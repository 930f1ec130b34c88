export const COMMANDS: { migrate: string[]; serve: string[] }
export const INSTANCE_ENV: Record<string, string>
export function haproxyConfig(options: { bind: string; servers: { name: string; address: string }[] }): string
