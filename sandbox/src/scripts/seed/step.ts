import type { ExecArgs } from "@medusajs/framework/types"

/** What every seed step gets: the Medusa container of `medusa exec`. */
export type Container = ExecArgs["container"]

export function say(message: string): void {
  // The sandbox manager forwards lines carrying this tag to the user.
  process.stdout.write(`[seed] ${message}\n`)
}
