/**
 * A Wistia video as a light facade: nothing is loaded from Wistia until the
 * shopper asks for the video. Before hydration the facade is a plain link to
 * the video's page; once hydrated, a click swaps in the player.
 */
import { useState } from 'react'

/** Wistia ids are short letters and digits; anything else is not embedded. */
export function isWistiaId(id: string | null | undefined): id is string {
  return !!id && /^[a-z0-9]{4,32}$/i.test(id)
}

export function wistiaPlayerUrl(id: string, autoPlay = false): string {
  return `https://fast.wistia.net/embed/iframe/${encodeURIComponent(id)}${autoPlay ? '?autoPlay=true' : ''}`
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="31" fill="currentColor" opacity="0.9" />
      <path d="M26 20l20 12-20 12z" fill="var(--color-on-primary)" />
    </svg>
  )
}

export function VideoFacade({ videoId, title }: { videoId: string; title?: string | null }) {
  const [playing, setPlaying] = useState(false)
  const label = title?.trim() || 'Video'
  if (!isWistiaId(videoId)) return null
  return (
    <figure className="video-block">
      <div className="video-frame">
        {playing ? (
          <iframe
            src={wistiaPlayerUrl(videoId, true)}
            title={label}
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <a
            className="video-facade"
            href={wistiaPlayerUrl(videoId)}
            rel="noopener"
            onClick={(event) => {
              event.preventDefault()
              setPlaying(true)
            }}
          >
            <PlayIcon />
            <span className="video-facade-label">
              Play video<span className="visually-hidden">: {label}</span>
            </span>
          </a>
        )}
      </div>
      {title ? <figcaption>{title}</figcaption> : null}
    </figure>
  )
}
