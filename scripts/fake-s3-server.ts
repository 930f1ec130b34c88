/**
 * The local S3 stand-in (apps/server/src/test/fake-s3.ts) as a process of its own, for the
 * multi-instance test: `tsx scripts/fake-s3-server.ts BUCKET ACCESS_KEY_ID` prints its endpoint as
 * one JSON line and serves until it is killed.
 */
import { startFakeS3 } from '../apps/server/src/test/fake-s3.ts'

const [bucket = 'store-media', accessKeyId = 'AKIASTORETEST'] = process.argv.slice(2)
const s3 = await startFakeS3({ bucket, accessKeyId })
console.log(JSON.stringify({ endpoint: s3.endpoint }))
const stop = () => void s3.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
