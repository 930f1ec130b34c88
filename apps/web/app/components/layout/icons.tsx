/** Small inline icons; decorative (aria-hidden): the control around them carries the name. */
import type { SVGProps } from 'react'

function Svg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  )
}

export const MenuIcon = () => (
  <Svg>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
)
export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
)
export const BagIcon = () => (
  <Svg>
    <path d="M6 8h12l-1 12H7L6 8z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </Svg>
)
export const UserIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-6 8-6s8 2 8 6" />
  </Svg>
)
export const ChevronDownIcon = () => (
  <Svg width="16" height="16">
    <path d="M6 9l6 6 6-6" />
  </Svg>
)
export const LockIcon = () => (
  <Svg width="18" height="18">
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Svg>
)
export const MinusIcon = () => (
  <Svg width="16" height="16">
    <path d="M5 12h14" />
  </Svg>
)
export const PlusIcon = () => (
  <Svg width="16" height="16">
    <path d="M12 5v14M5 12h14" />
  </Svg>
)
