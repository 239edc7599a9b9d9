import type { ExecArgs } from "@medusajs/framework/types"

/** What every seed step gets: the Medusa container (of `medusa exec`, or of the server's request). */
export type Container = ExecArgs["container"]

/** Where progress lines go: stdout under `medusa exec`, the HTTP answer when the server seeds. */
let sink = (line: string): void => {
  process.stdout.write(`${line}\n`)
}

export function say(message: string): void {
  // The sandbox manager forwards lines carrying this tag to the user.
  sink(`[seed] ${message}`)
}

/** Runs `fn` with progress lines going to `to` instead of stdout. */
export async function withProgressTo<T>(to: (line: string) => void, fn: () => Promise<T>): Promise<T> {
  const before = sink
  sink = to
  try {
    return await fn()
  } finally {
    sink = before
  }
}
