/**
 * Review photos: checked by decoding them (not by their name or declared type),
 * turned upright, shrunk to fit 1600 px, written as JPEG without metadata (no
 * GPS position or camera serial leaves a shopper's phone through us). sharp
 * ships its prebuilt libvips inside npm packages (@img/sharp-linux-x64).
 */
import sharp from 'sharp'

export const MAX_PHOTOS = 3
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024
export const PHOTO_MAX_SIDE = 1600
/** A decompression bomb (a tiny file of a gigantic picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export class PhotoProblem extends Error {}

export async function preparePhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new PhotoProblem('A photo is empty.')
  if (bytes.length > MAX_PHOTO_BYTES) throw new PhotoProblem(`A photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`)
  let format: string | undefined
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format
  } catch {
    throw new PhotoProblem('A photo could not be read: send a JPEG, PNG or WebP picture.')
  }
  if (!format || !ACCEPTED.has(format)) throw new PhotoProblem('A photo could not be read: send a JPEG, PNG or WebP picture.')
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
  } catch {
    throw new PhotoProblem('A photo could not be read: send a JPEG, PNG or WebP picture.')
  }
}
