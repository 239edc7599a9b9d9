import { Box } from "ink";
import { Text } from "./text.js";
import type { Theme } from "../theme.js";
import { describeError } from "../error-text.js";

export { describeError };

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
