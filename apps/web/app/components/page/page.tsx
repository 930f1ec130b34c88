/** A simple page: the container and its heading. */
import type { ReactNode } from 'react'

export function Page({ title, children, narrow = true }: { title: string; children?: ReactNode; narrow?: boolean }) {
  return (
    <div className={narrow ? 'container page page-narrow' : 'container page'}>
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  )
}
