import { useSyncExternalStore } from "react";
import type { CommandLog, LogLine } from "../command-log.js";

export { createCommandLog, type CommandLog, type LogLine } from "../command-log.js";

export function useCommandLog(log: CommandLog): readonly LogLine[] {
  return useSyncExternalStore(log.subscribe, log.lines, log.lines);
}
