/** The club's landing: headline, questions and answers, the founder's letter and the monthly price (the club's own: new members pay it). */
import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { api, type AdminMembershipLanding } from '../../api.ts'
import { useFieldErrors } from '../../field-errors.tsx'
import { Notice, PageTitle } from '../../page-title.tsx'

interface Draft {
  headline: string
  subheadline: string
  faqs: { question: string; answer: string }[]
  founder_letter_name: string
  founder_letter_bullets: string
  price: string
  how_many: string
}

const draftOf = (landing: AdminMembershipLanding): Draft => ({
  headline: landing.headline,
  subheadline: landing.subheadline,
  faqs: landing.faqs.map((faq) => ({ ...faq })),
  founder_letter_name: landing.founder_letter_name ?? '',
  founder_letter_bullets: landing.founder_letter_bullets.join('\n'),
  price: landing.price.toFixed(2),
  how_many: String(landing.how_many),
})

export function ClubLandingPage() {
  const [draft, setDraft] = useState<Draft | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const fields = useFieldErrors()

  useEffect(() => {
    api<{ landing: AdminMembershipLanding }>('/content/membership-landing')
      .then((data) => setDraft(draftOf(data.landing)))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The club landing could not be loaded.'))
  }, [])

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!draft) return
    setError(null)
    setOk(null)
    fields.clear()
    try {
      const body = {
        ...draft,
        founder_letter_bullets: draft.founder_letter_bullets
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      }
      setDraft(draftOf((await api<{ landing: AdminMembershipLanding }>('/content/membership-landing', { method: 'PATCH', body })).landing))
      setOk('Saved. The club pages show it now; new members pay the price shown.')
    } catch (caught) {
      fields.take(caught)
      setError(caught instanceof Error ? caught.message : 'The club landing could not be saved.')
    }
  }

  const set = (name: keyof Omit<Draft, 'faqs'>) => (event: { target: { value: string } }) => setDraft((before) => before && { ...before, [name]: event.target.value })
  const setFaq = (index: number, change: Partial<Draft['faqs'][number]>) =>
    setDraft((before) => before && { ...before, faqs: before.faqs.map((faq, at) => (at === index ? { ...faq, ...change } : faq)) })
  const text = (name: keyof Omit<Draft, 'faqs'>, label: string, options: { multiline?: boolean; hint?: string; inputMode?: 'decimal' | 'numeric' } = {}) =>
    draft && (
      <>
        <label htmlFor={name}>{label}</label>
        {options.multiline ? (
          <textarea id={name} rows={4} value={draft[name]} onChange={set(name)} {...fields.attrs(name)} />
        ) : (
          <input id={name} value={draft[name]} onChange={set(name)} inputMode={options.inputMode} {...fields.attrs(name)} />
        )}
        {options.hint && <p className="hint">{options.hint}</p>}
        {fields.message(name)}
      </>
    )

  return (
    <>
      <p>
        <Link to="/content">← Content</Link>
      </p>
      <PageTitle title="Club landing">Club landing</PageTitle>
      <Notice error={error} ok={ok} />
      {draft && (
        <form onSubmit={(event) => void save(event)}>
          <fieldset>
            <legend>The offer</legend>
            {text('headline', 'Headline')}
            {text('subheadline', 'Subheadline')}
            {text('price', 'Monthly price ($)', { inputMode: 'decimal', hint: 'The club charges new members this; members already in the club keep their price.' })}
            {text('how_many', 'Items a month', { inputMode: 'numeric' })}
          </fieldset>
          <fieldset>
            <legend>Questions and answers</legend>
            {fields.message('faqs')}
            <ol className="blocks">
              {draft.faqs.map((faq, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id of their own
                <li key={index}>
                  <label htmlFor={`faq-${index}-question`}>Question {index + 1}</label>
                  <input
                    id={`faq-${index}-question`}
                    value={faq.question}
                    onChange={(event) => setFaq(index, { question: event.target.value })}
                    required
                    {...fields.attrs(`faqs.${index}.question`)}
                  />
                  {fields.message(`faqs.${index}.question`)}
                  <label htmlFor={`faq-${index}-answer`}>Answer {index + 1}</label>
                  <textarea
                    id={`faq-${index}-answer`}
                    rows={3}
                    value={faq.answer}
                    onChange={(event) => setFaq(index, { answer: event.target.value })}
                    required
                    {...fields.attrs(`faqs.${index}.answer`)}
                  />
                  {fields.message(`faqs.${index}.answer`)}
                  <button type="button" className="danger" onClick={() => setDraft({ ...draft, faqs: draft.faqs.filter((_, at) => at !== index) })}>
                    Remove question {index + 1}
                  </button>
                </li>
              ))}
            </ol>
            <button type="button" onClick={() => setDraft({ ...draft, faqs: [...draft.faqs, { question: '', answer: '' }] })}>
              Add a question
            </button>
          </fieldset>
          <fieldset>
            <legend>Founder letter</legend>
            {text('founder_letter_name', "Founder's name")}
            {text('founder_letter_bullets', 'Lines of the letter (one per line)', { multiline: true })}
          </fieldset>
          <button type="submit">Save</button>
        </form>
      )}
    </>
  )
}
