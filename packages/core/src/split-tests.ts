import { SPLIT_TESTS, type SplitTestName } from './constants.ts'

/**
 * A split test on the page (SPEC §4): active while its variant is unknown,
 * then initialized with a variant, or ended with none when the assignment failed.
 */
export type SplitTestState = { status: 'active' } | { status: 'initialized'; variant: string } | { status: 'ended' }

export function isSplitTestEnabled(name: SplitTestName, brandId: string): boolean {
  return (SPLIT_TESTS[name].brands as readonly string[]).includes(brandId)
}

/**
 * The variant known without asking the server: the URL parameter named after
 * the test (?Vip4sh=4sh), else a forced debug value; null when the server must
 * assign one. Values that are not variants of the test are ignored.
 */
export function localSplitTestVariant(name: SplitTestName, sources: { search?: string; forced?: string | null }): string | null {
  const variants = SPLIT_TESTS[name].variants as readonly string[]
  const fromUrl = new URLSearchParams(sources.search ?? '').get(name)
  if (fromUrl && variants.includes(fromUrl)) return fromUrl
  if (sources.forced && variants.includes(sources.forced)) return sources.forced
  return null
}
