/** The contact form's topics and the order-number format, shared by the API and the pages. */

export const CONTACT_TOPICS = [
  { value: 'order', caption: 'An order or delivery' },
  { value: 'returns', caption: 'Returns and exchanges' },
  { value: 'sizing', caption: 'Sizing and fit' },
  { value: 'club', caption: 'My VIP membership' },
  { value: 'account', caption: 'My account' },
  { value: 'other', caption: 'Something else' },
] as const

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value']

/** An order number as printed on a receipt: letters, digits and dashes, 3 to 32 (free text: the format only is checked). */
export const ORDER_NUMBER_FORMAT = /^#?[A-Za-z0-9][A-Za-z0-9-]{2,31}$/
