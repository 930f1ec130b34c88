/** Shopper accounts as the API answers them: /register, /login, GET/POST /style-profile (SPEC §3, snake_case). */

export interface StyleProfileOption {
  value: string
  caption: string
}

/** A question of the style profile with the shopper's answer. */
export interface StyleProfileField {
  name: string
  caption: string
  options: StyleProfileOption[]
  /** the chosen option's value, or null */
  value: string | null
}

/** data of GET and POST /style-profile. */
export interface StyleProfile {
  style_profile: StyleProfileField[]
}

/** The customer an account call answers with (POST /register, /login). */
export interface Customer {
  id: string
  name: string
  e_mail_address: string
  has_club: boolean
}

/** data of POST /register and /login. */
export interface CustomerResult {
  customer: Customer
}
