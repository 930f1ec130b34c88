/** A page's heading: the document title follows it, and it takes focus after a change of page (keyboard and screen-reader users land on it). */
import { useEffect, useRef, type ReactNode } from 'react'

export function PageTitle({ children, title }: { children: ReactNode; title: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} · Store admin`
    heading.current?.focus()
  }, [title])
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  )
}

/** A message that screen readers announce: an error (alert) or a confirmation (status). */
export function Notice({ error, ok }: { error?: string | null; ok?: string | null }) {
  return (
    <>
      <div role="alert" className={error ? 'notice notice-error' : 'visually-hidden'}>
        {error ?? ''}
      </div>
      <div role="status" className={ok ? 'notice notice-ok' : 'visually-hidden'}>
        {ok ?? ''}
      </div>
    </>
  )
}
