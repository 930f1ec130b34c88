/**
 * The form of a page action's request. A body that is not a form (JSON, text,
 * none, a broken multipart) is the client's mistake: the action stops with a
 * 415 or 400 and a message a person can read, never a 500 with a stack trace.
 */
import { data } from 'react-router'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

const NOT_A_FORM = 'This page takes a form: send it as application/x-www-form-urlencoded or multipart/form-data.'
const BROKEN_FORM = 'The form of this request is broken or incomplete. Send the form again.'

export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!FORM_TYPES.includes(type)) throw data(NOT_A_FORM, { status: 415 })
  try {
    return await request.formData()
  } catch {
    throw data(BROKEN_FORM, { status: 400 })
  }
}
