// The S3 server of the production topology (`medusactl sandbox up --topology production`).
//
// Run detached by the sandbox manager. Settings arrive in the environment so
// that the secret key never appears on a command line: S3RVER_PORT,
// S3RVER_DIRECTORY, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.
import { createRequire } from "node:module"

const require = createRequire(import.meta.url)
const S3rver = require("s3rver")
const AWSAccount = require("s3rver/lib/models/account")

function fail(message) {
  process.stderr.write(`s3-server: ${message}\n`)
  process.exit(1)
}

const env = process.env
for (const name of ["S3RVER_PORT", "S3RVER_DIRECTORY", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
  if (!env[name]) fail(`${name} is not set: start it with \`medusactl sandbox up --topology production\``)
}

// s3rver accepts the well-known S3RVER/S3RVER keys out of the box: replace them by the sandbox's own.
AWSAccount.DUMMY_ACCOUNT.revokeAccessKey("S3RVER")
AWSAccount.DUMMY_ACCOUNT.createKeyPair(env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY)

// Browsers (an admin dashboard, a storefront) upload to presigned URLs from another origin.
const cors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`

const server = new S3rver({
  address: "127.0.0.1",
  port: Number(env.S3RVER_PORT),
  directory: env.S3RVER_DIRECTORY,
  silent: env.S3RVER_SILENT === "true",
  // Path-style only: the bucket is a path segment of http://127.0.0.1:<port>.
  vhostBuckets: false,
  configureBuckets: [{ name: env.S3_BUCKET, configs: [cors] }],
})

try {
  const address = await server.run()
  process.stdout.write(`s3-server: listening on ${address.address}:${address.port}, bucket ${env.S3_BUCKET}, storage ${env.S3RVER_DIRECTORY}\n`)
} catch (err) {
  fail(`cannot start: ${err && err.message}`)
}

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(0),
  )
}
process.on("SIGTERM", stop)
process.on("SIGINT", stop)
