import { describe, expect, it } from 'vitest'
import { isSecretParam, stripSecretParams } from './url-privacy.ts'

describe('stripSecretParams', () => {
  it.each([
    // reset and login links
    ['https://popfitclothing.com/reset-password?token=abc123', 'https://popfitclothing.com/reset-password'],
    ['/reset-password?reset_token=abc&utm_source=email_newsletter', '/reset-password?utm_source=email_newsletter'],
    ['/login?email=ann%40example.com&next=%2Forders', '/login?next=%2Forders'],
    ['/account?e_mail_address=ann@example.com', '/account'],
    ['/register?password=hunter2&name=Ann', '/register?name=Ann'],
    ['/callback?code=4%2F0Ad&state=xyz&scope=email', '/callback?scope=email'],
    ['/cb?access_token=a&id_token=b&refresh_token=c&token_type=bearer&expires_in=3600', '/cb?expires_in=3600'],
    ['/x?session=s&sid=1&PHPSESSID=2&session_id=3&page=2', '/x?page=2'],
    ['/x?auth=a&key=k&api_key=k2&apiKey=k3&otp=123456&keep=1', '/x?keep=1'],
    ['/x?user%5Bemail%5D=a%40b.c&user[password]=p&user[first]=Ann', '/x?user[first]=Ann'],
    ['/x?username=ann&user_name=ann&first_name=Ann', '/x?first_name=Ann'],
    ['/x?Reset-Token=a&RESETTOKEN=b&ok=1', '/x?ok=1'],
    ['/x?phone=5551234567&mobile_phone=1&size=M', '/x?size=M'],
    ['/x?_kx=abc.def&mc_eid=123&utm_campaign=newsletter', '/x?utm_campaign=newsletter'],
    ['https://s3.example/obj?X-Amz-Credential=c&X-Amz-Signature=s&X-Amz-Date=d', 'https://s3.example/obj?X-Amz-Date=d'],
  ])('%s -> %s', (input, expected) => {
    expect(stripSecretParams(input)).toBe(expected)
  })

  it('keeps coupons, discount codes, campaign and click ids', () => {
    const url = '/checkout?coupon=First15&discount_code=Lock5&promo_code=X&utm_source=ig&utm_medium=social&fbclid=IwAR1&gclid=Cj0'
    expect(stripSecretParams(url)).toBe(url)
  })

  it('keeps the rest byte for byte: order, spelling, encoding, empty and value-less pairs', () => {
    expect(stripSecretParams('/a?z=1&token=t&A=%7E+x&&flag&b=')).toBe('/a?z=1&A=%7E+x&&flag&b=')
    expect(stripSecretParams('https://EXAMPLE.com:8443/P%61th?x=1#Section-2')).toBe('https://EXAMPLE.com:8443/P%61th?x=1#Section-2')
  })

  it('leaves a URL with nothing secret unchanged', () => {
    for (const url of ['/', '/orders', '/?', '/#', 'https://popfitclothing.com/category/leggings?sort=price#grid', '?a=1']) {
      expect(stripSecretParams(url)).toBe(url)
    }
  })

  it('drops the ? when every parameter was secret, and keeps the hash', () => {
    expect(stripSecretParams('/reset?token=t#form')).toBe('/reset#form')
    expect(stripSecretParams('?token=t')).toBe('')
  })

  it('removes secret pairs from a hash that reads as parameters (OAuth implicit flow)', () => {
    expect(stripSecretParams('/cb#access_token=a&token_type=bearer&expires_in=60')).toBe('/cb#expires_in=60')
    expect(stripSecretParams('/cb?x=1#id_token=a')).toBe('/cb?x=1')
    expect(stripSecretParams('/page#token')).toBe('/page#token')
  })

  it('removes a user name and password from an absolute URL', () => {
    expect(stripSecretParams('https://ann:hunter2@example.com/path?x=1')).toBe('https://example.com/path?x=1')
    expect(stripSecretParams('https://ann@example.com/')).toBe('https://example.com/')
    expect(stripSecretParams('/path/with@sign?x=1')).toBe('/path/with@sign?x=1')
  })

  it('drops the whole query and hash of a URL the parser refuses', () => {
    expect(stripSecretParams('https://exa mple.com/?coupon=First15&token=t#x')).toBe('https://exa mple.com/')
    expect(stripSecretParams('http://[::1/reset?token=t')).toBe('http://[::1/reset')
    expect(stripSecretParams('https://ann:pw@[bad/x?token=t')).toBe('https://[bad/x')
  })

  it('reads a parameter name with a malformed escape as written', () => {
    expect(stripSecretParams('/x?%E0%A4%A=1&token%=2&ok=3')).toBe('/x?%E0%A4%A=1&ok=3')
  })
})

describe('isSecretParam', () => {
  it.each(['token', 'reset_token', 'password', 'code', 'email', 'e_mail_address', 'session', 'sid', 'auth', 'key', 'access_token', 'id_token', 'otp', 'E-Mail'])(
    '%s is secret',
    (name) => expect(isSecretParam(name)).toBe(true),
  )
  it.each(['coupon', 'discount_code', 'promo_code', 'utm_source', 'fbclid', 'keywords', 'monkey', 'size', 'sort', 'q', ''])('%s is not', (name) =>
    expect(isSecretParam(name)).toBe(false),
  )
})

describe('the e-mail change link', () => {
  it('drops its confirm token', () => {
    expect(stripSecretParams('https://popfitclothing.com/change_password?confirm=abcDEF123_-x&utm_source=mail')).toBe('https://popfitclothing.com/change_password?utm_source=mail')
  })
})
