/**
 * The store's drawn icons (apps/server/src/media/media.service.ts ICON_NAMES):
 * category icons, bullet-section icons and the svg-gallery. The names are the
 * server's; store-icons.test.ts checks the two lists stay the same.
 */
export const STORE_ICON_NAMES = [
  'leggings',
  'bra',
  'briefs',
  'robe',
  'socks',
  'top',
  'fabric',
  'stretch',
  'leaf',
  'drop',
  'wash',
  'ruler',
  'heart',
  'star',
  'truck',
  'return',
  'lock',
  'gift',
  'tag',
  'check',
  'sparkle',
  'moon',
  'crown',
  'pocket',
  'feather',
  'sun',
  'ruler2',
  'mail',
  'phone',
  'cart',
] as const

type StoreIconName = (typeof STORE_ICON_NAMES)[number]

function isStoreIconName(name: string): name is StoreIconName {
  return (STORE_ICON_NAMES as readonly string[]).includes(name)
}

/**
 * The address of a drawn icon: an icon name in a colour ('fabric', '#c2185b' ->
 * '/media/icon/fabric-c2185b.svg'). A value that already is an address is kept;
 * an unknown name gives null.
 */
export function storeIconUrl(nameOrUrl: string | null | undefined, color: string): string | null {
  if (!nameOrUrl) return null
  if (nameOrUrl.startsWith('/') || /^https?:\/\//.test(nameOrUrl)) return nameOrUrl
  if (!isStoreIconName(nameOrUrl)) return null
  const hex = color.replace(/^#/, '').toLowerCase()
  return `/media/icon/${nameOrUrl}-${/^[0-9a-f]{6}$/.test(hex) ? hex : '333333'}.svg`
}

/** 'ruler2' -> 'Ruler 2', 'sparkle' -> 'Sparkle' */
export function iconLabel(name: string): string {
  const spaced = name.replace(/[-_]+/g, ' ').replace(/(\D)(\d)/g, '$1 $2')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}
