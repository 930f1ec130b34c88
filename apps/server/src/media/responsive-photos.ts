/**
 * The catalogue's uploaded photos (docs/admin-catalogue.md): an upload is taken for
 * what its bytes are (the magic numbers at its start, then decoded by sharp), never
 * for its name or declared type; it must be a JPEG, PNG, WebP or AVIF picture of at
 * most MAX_ITEM_PHOTO_BYTES and between the smallest and largest sizes below. It is
 * turned upright, its metadata dropped (no GPS position, camera serial or colour
 * profile leaves with it: sharp writes none unless asked), and written as AVIF, WebP
 * and a JPEG fallback at a few widths (never wider than the upload), for
 * <picture><source srcset> on the storefront.
 */
import type { ImageSource } from '@store/core'
import sharp from 'sharp'

export const MAX_ITEM_PHOTO_BYTES = 10 * 1024 * 1024
/** the shorter side of an upload, at least: a smaller picture looks blurred on an item page */
const MIN_PHOTO_SIDE = 400
/** the longer side of an upload, at most (a decompression bomb is refused before it is decoded) */
const MAX_PHOTO_SIDE = 8000
/** the widths made of each photo (those not wider than the upload, and the upload's own width when it is narrower than the last) */
const PHOTO_WIDTHS = [400, 800, 1200, 1600] as const

export type PhotoFormat = 'avif' | 'webp' | 'jpeg'
const FORMATS: readonly PhotoFormat[] = ['avif', 'webp', 'jpeg']
const MIME: Record<PhotoFormat, ImageSource['type']> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }
export const EXTENSION: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' }

/** An upload that is not a photo we take; its message is for the operator. */
export class PhotoProblem extends Error {}

/** What the first bytes of a file say it is (the file's name and declared type are not asked). */
function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'avif' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis'].includes(bytes.toString('latin1', 8, 12))) return 'avif'
  return null
}

interface PhotoFile {
  format: PhotoFormat
  width: number
  height: number
  bytes: Buffer
}

export interface PreparedPhoto {
  /** the upload's upright size, capped at the largest width made */
  width: number
  height: number
  files: PhotoFile[]
}

const unreadable = (name: string) => new PhotoProblem(`${name} is not a photo we can take: send a JPEG, PNG, WebP or AVIF picture.`)

/** Checks an upload and makes its files; throws PhotoProblem with a message naming the file. */
export async function preparePhotoFiles(bytes: Buffer, name = 'The file'): Promise<PreparedPhoto> {
  if (bytes.length === 0) throw new PhotoProblem(`${name} is empty.`)
  if (bytes.length > MAX_ITEM_PHOTO_BYTES) throw new PhotoProblem(`${name} is larger than ${MAX_ITEM_PHOTO_BYTES / 1024 / 1024} MB.`)
  const sniffed = sniffImageType(bytes)
  if (!sniffed) throw unreadable(name)
  const limitInputPixels = MAX_PHOTO_SIDE * MAX_PHOTO_SIDE
  let meta: sharp.Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels }).metadata()
  } catch {
    throw unreadable(name)
  }
  // the decoder must agree with the magic numbers (AVIF reads as heif)
  const decoded = meta.format === 'heif' ? 'avif' : meta.format
  if (decoded !== sniffed || !meta.width || !meta.height) throw unreadable(name)
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is its stored height
  const turned = (meta.orientation ?? 1) >= 5
  const width = turned ? meta.height : meta.width
  const height = turned ? meta.width : meta.height
  if (Math.max(width, height) > MAX_PHOTO_SIDE) throw new PhotoProblem(`${name} is ${width}×${height} pixels: its longer side may be at most ${MAX_PHOTO_SIDE}.`)
  if (Math.min(width, height) < MIN_PHOTO_SIDE) throw new PhotoProblem(`${name} is ${width}×${height} pixels: its shorter side must be at least ${MIN_PHOTO_SIDE}.`)

  const largest = PHOTO_WIDTHS.at(-1)!
  const widths = [...new Set([...PHOTO_WIDTHS.filter((w) => w < width), Math.min(width, largest)])]
  try {
    const upright = await sharp(bytes, { limitInputPixels, animated: false })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
    const source = () => sharp(upright.data, { raw: upright.info })
    const files: PhotoFile[] = []
    for (const w of widths) {
      const h = Math.round((height * w) / width)
      for (const format of FORMATS) {
        const resized = source().resize({ width: w, height: h, fit: 'fill' })
        const out =
          format === 'avif'
            ? resized.avif({ quality: 55, effort: 2 })
            : format === 'webp'
              ? resized.webp({ quality: 78 })
              : resized.jpeg({ quality: 80, mozjpeg: true, progressive: true })
        files.push({ format, width: w, height: h, bytes: await out.toBuffer() })
      }
    }
    const top = widths.at(-1)!
    return { width: top, height: Math.round((height * top) / width), files }
  } catch {
    throw unreadable(name)
  }
}

/** One stored file of a photo, as item_images.variants keeps it (JSON). */
export interface PhotoVariant {
  format: PhotoFormat
  width: number
  url: string
}

/** The variants of an item_images row (JSON text), or [] for a drawn image or anything unreadable. */
export function readVariants(text: string | null | undefined): PhotoVariant[] {
  if (!text) return []
  try {
    const list: unknown = JSON.parse(text)
    if (!Array.isArray(list)) return []
    return list.filter(
      (v): v is PhotoVariant =>
        typeof v === 'object' &&
        v !== null &&
        FORMATS.includes((v as PhotoVariant).format) &&
        Number.isInteger((v as PhotoVariant).width) &&
        typeof (v as PhotoVariant).url === 'string',
    )
  } catch {
    return []
  }
}

/** <source> lists of a photo's variants, best format first: AVIF, WebP, then JPEG. */
export function sourcesOf(variants: PhotoVariant[]): ImageSource[] {
  return FORMATS.flatMap((format) => {
    const own = variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width)
    return own.length === 0 ? [] : [{ type: MIME[format], srcset: own.map((v) => `${v.url} ${v.width}w`).join(', ') }]
  })
}
