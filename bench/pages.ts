/** Server-rendered pages under load (filled in with the storefront). */
export async function runPageBench(
  _origin: string,
  _options: { duration: number; connections: number; itemId: number },
): Promise<void> {
  console.log('\n(storefront page benchmarks: not built yet)')
}
