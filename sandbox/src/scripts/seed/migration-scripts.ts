/**
 * Medusa's migration scripts (data fixes shipped with each version, recorded in `script_migrations`),
 * run here in the seed's process instead of by `medusa db:migrate`: the sandbox manager migrates with
 * `--skip-scripts`, because `db:migrate` runs them in a child process that boots the whole
 * application once more (seconds on 2 cores), and the seed has that application loaded already.
 * They run before any seed step, as they would have at the end of the migration; once recorded,
 * this is a single query.
 */
import { dirname, join } from "path"
import { MigrationScriptsMigrator } from "@medusajs/framework/migrations"
import { ContainerRegistrationKeys, getResolvedPlugins } from "@medusajs/framework/utils"

import { say, type Container } from "./step"

export async function runPendingMigrationScripts(container: Container): Promise<void> {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const plugins = await getResolvedPlugins(process.cwd(), configModule, true)
  const paths = [
    join(dirname(require.resolve("@medusajs/medusa")), "migration-scripts"),
    ...plugins.map((plugin) => join(plugin.resolve, "migration-scripts")),
  ]
  const migrator = new MigrationScriptsMigrator({ container })
  await migrator.ensureMigrationsTable()
  const pending = await migrator.getPendingMigrations(paths)
  if (!pending?.length) return
  const started = Date.now()
  await migrator.run(paths)
  // Pending includes scripts that skip themselves (and stay pending) on this configuration.
  say(`ran Medusa's pending migration scripts (${pending.length} files, ${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
