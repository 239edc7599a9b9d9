import os from "node:os";
import path from "node:path";

/** `$MEDUSACTL_CONFIG_DIR`, else `$XDG_CONFIG_HOME/medusactl`, else `~/.config/medusactl` (every OS). */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.MEDUSACTL_CONFIG_DIR) return path.resolve(env.MEDUSACTL_CONFIG_DIR);
  if (env.XDG_CONFIG_HOME) return path.join(path.resolve(env.XDG_CONFIG_HOME), "medusactl");
  return path.join(env.HOME || os.homedir(), ".config", "medusactl");
}

/** `$MEDUSACTL_DATA_DIR`, else /var/lib/medusactl for root, else `$XDG_DATA_HOME/medusactl`, else ~/.local/share/medusactl. */
export function dataDir(env: NodeJS.ProcessEnv): string {
  if (env.MEDUSACTL_DATA_DIR) return path.resolve(env.MEDUSACTL_DATA_DIR);
  if (typeof process.getuid === "function" && process.getuid() === 0) return "/var/lib/medusactl";
  if (env.XDG_DATA_HOME) return path.join(path.resolve(env.XDG_DATA_HOME), "medusactl");
  return path.join(env.HOME || os.homedir(), ".local", "share", "medusactl");
}
