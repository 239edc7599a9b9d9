import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * Configuration of the local sandbox back-end started by `medusactl sandbox up`.
 *
 * Everything variable comes from the environment that the sandbox manager sets:
 * DATABASE_URL, JWT_SECRET, COOKIE_SECRET (random per sandbox, kept in its state
 * file) and MEDUSA_BACKEND_URL (the public URL, used for file URLs).
 *
 * MEDUSACTL_TOPOLOGY=production (with REDIS_URL and the S3_* variables) selects
 * the production topology: Redis event bus, workflow engine, cache and locking,
 * files on S3. workerMode is left unset so that MEDUSA_WORKER_MODE decides
 * whether a process is the server or the worker.
 */

// Any http(s) origin on localhost / 127.0.0.1, whatever the port. Written as
// `/…/` so Medusa turns it into a RegExp (no commas allowed inside).
const LOCAL_ORIGINS = "/^https?:\\/\\/(localhost|127\\.0\\.0\\.1)(:\\d+)?$/"

const backendUrl = (process.env.MEDUSA_BACKEND_URL || "http://127.0.0.1:9000").replace(/\/+$/, "")

function required(name: string): string {
  const value = process.env[name]
  if (!value) {
    throw new Error(`${name} is not set: start the sandbox with \`medusactl sandbox up\``)
  }
  return value
}

const production = process.env.MEDUSACTL_TOPOLOGY === "production"

const localFiles = {
  resolve: "@medusajs/medusa/file",
  options: {
    providers: [
      {
        resolve: "@medusajs/medusa/file-local",
        id: "local",
        options: {
          backend_url: `${backendUrl}/static`,
        },
      },
    ],
  },
}

function productionModules() {
  const redisUrl = required("REDIS_URL")
  return [
    { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
    { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
    { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
    {
      resolve: "@medusajs/medusa/locking",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/file",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/file-s3",
            id: "s3",
            options: {
              file_url: required("S3_FILE_URL"),
              access_key_id: required("S3_ACCESS_KEY_ID"),
              secret_access_key: required("S3_SECRET_ACCESS_KEY"),
              region: required("S3_REGION"),
              bucket: required("S3_BUCKET"),
              endpoint: required("S3_ENDPOINT"),
              // Path-style for a local endpoint; without the checksum settings presigned PUT URLs
              // carry the checksum of an empty body, which real S3 rejects.
              additional_client_config: {
                forcePathStyle: true,
                requestChecksumCalculation: "WHEN_REQUIRED",
                responseChecksumValidation: "WHEN_REQUIRED",
              },
            },
          },
        ],
      },
    },
  ]
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: required("DATABASE_URL"),
    ...(production ? { redisUrl: required("REDIS_URL") } : {}),
    databaseLogging: false,
    http: {
      storeCors: process.env.STORE_CORS || LOCAL_ORIGINS,
      adminCors: process.env.ADMIN_CORS || LOCAL_ORIGINS,
      authCors: process.env.AUTH_CORS || LOCAL_ORIGINS,
      jwtSecret: required("JWT_SECRET"),
      cookieSecret: required("COOKIE_SECRET"),
    },
  },
  admin: {
    disable: true,
  },
  // Feature flags of Medusa 2.21.2 that are safe for a sandbox. Not enabled:
  // rbac / rbac_filter_fields (secret API keys carry no roles: every
  // policy-guarded admin route would answer 403), index_engine (product lists
  // would read an asynchronously synced index), caching (work in progress,
  // stale reads), backend_hmr (only for `medusa develop`).
  featureFlags: {
    translation: true,
    view_configurations: true,
  },
  modules: [
    ...(production ? productionModules() : [localFiles]),
    // defineConfig decides whether to load the translation module before the
    // feature flags above are registered, so the module is listed explicitly.
    {
      resolve: "@medusajs/medusa/translation",
    },
  ],
})
