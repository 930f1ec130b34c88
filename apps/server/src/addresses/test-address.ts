/** An address the tests post (the checkout's rules accept it). */
export const HOME = {
  address_type: 'shipping',
  name: 'Pat Shopper',
  company: '',
  country: 'US',
  address: '1 Main St',
  address_2: 'Apt 2',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '5551234567',
}
