/**
 * A one-time offer already answered for this order (Back, an old tab, a reload after "Yes"): the page
 * says so at once, with what was added, and leads on to where the flow goes next, instead of showing
 * the offer again and saying "You already added this offer" only after another "Yes".
 */
import { StoreLink } from '../store-link'
import { gatherLines, nextStepLabel, type AddedLine } from './offer-copy'

export type OfferAnswer = { kind: 'accepted'; lines: AddedLine[] } | { kind: 'declined' }

export function AnsweredOffer({ answer, order, image, imageAlt, next }: { answer: OfferAnswer; order: string; image: string | null; imageAlt: string; next: string }) {
  return (
    <div className="container offer-page">
      <p className="notice">Your order {order} is placed.</p>
      <div className="offer-hero">
        {image ? <img src={image} alt={imageAlt} width={600} height={750} /> : null}
        <div className="offer-copy offer-answered">
          {answer.kind === 'accepted' ? (
            <>
              <h1 className="page-title">Added to your order</h1>
              <p>You said yes to this offer. It ships with your order:</p>
              <ul className="offer-added">
                {gatherLines(answer.lines).map((line) => (
                  <li key={`${line.name}|${line.color}|${line.size}`}>
                    {line.qty} × {line.name}
                    {line.color ? ` · ${line.color}` : ''}, size {line.size}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <h1 className="page-title">You passed on this offer</h1>
              <p>You said no thanks to this offer, so it is closed for this order. You have not been charged for it.</p>
            </>
          )}
          <p>
            <StoreLink to={next} className="button button-primary">
              {nextStepLabel(next)}
            </StoreLink>
          </p>
        </div>
      </div>
    </div>
  )
}
