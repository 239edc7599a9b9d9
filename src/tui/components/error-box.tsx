import { Box, Text } from "ink";
import type { Theme } from "../theme.js";

interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  type?: string;
  code?: string;
  request?: { method: string; url: string };
}

/** What went wrong in one line, with the server's status, type and code when there was an answer. */
export function describeError(e: unknown): { message: string; detail?: string } {
  const err = (e ?? {}) as ErrorLike;
  const message = err.message || String(e);
  if (err.name === "ApiError") {
    const kind = [err.status, err.type, err.code].filter((x) => x !== undefined && x !== "").join(" ");
    let where = "";
    if (err.request) {
      try {
        where = `, ${err.request.method} ${new URL(err.request.url).pathname}`;
      } catch {
        where = `, ${err.request.method} ${err.request.url}`;
      }
    }
    return { message, detail: `${kind}${where}` };
  }
  if (err.name === "NetworkError" || err.name === "TimeoutError") return { message, detail: err.name === "TimeoutError" ? "timed out" : "network" };
  return { message };
}

/** An error shown where the data would be, with the retry key (never a blank screen). */
export function ErrorBox({ error, theme, width, retryKey = "r", stale }: { error: unknown; theme: Theme; width: number; retryKey?: string; stale?: boolean }) {
  const { message, detail } = describeError(error);
  return (
    <Box flexDirection="column" width={width} borderStyle="single" borderColor={theme.status.error}>
      <Text color={theme.status.error} bold wrap="truncate-end">
        error: {message}
      </Text>
      {detail ? <Text wrap="truncate-end">{detail}</Text> : null}
      <Text color={theme.muted} wrap="truncate-end">
        press {retryKey} to retry{stale ? "; the rows below are from the last good read" : ""}
      </Text>
    </Box>
  );
}
