/**
 * A link that changes the page but not what the shopper is doing there: a colour swatch leads to the
 * same style in another colour. Its navigation carries KEEP_PLACE as its state, and the page keeps its
 * scroll (NavigationEffects) and the keyboard's place (PageFocusOnNavigation: the new page's current
 * link of that kind, `[data-keep-place][aria-current="page"]`), where another page change goes to the top.
 */
export const KEEP_PLACE = { keepPlace: true } as const

export function keepsPlace(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepPlace?: unknown }).keepPlace === true
}
