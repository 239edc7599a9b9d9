import { Text as InkText } from "ink";
import { Children, isValidElement, type ComponentProps, type ReactNode } from "react";
import { sanitize } from "../../term/sanitize.js";

function safe(children: ReactNode): ReactNode {
  return Children.map(children, (c) => {
    if (typeof c === "string") return sanitize(c, { newlines: true });
    if (typeof c === "number" || typeof c === "boolean" || c === null || c === undefined || isValidElement(c)) return c;
    return sanitize(String(c), { newlines: true });
  });
}

/**
 * Ink's `Text` with every string passed through the terminal sanitiser. Every TUI screen shows
 * shop data (titles, names, notes, server messages) through this one component, so no control
 * sequence from a stranger reaches the terminal however a new screen is written.
 */
export function Text(props: ComponentProps<typeof InkText>) {
  return <InkText {...props}>{safe(props.children)}</InkText>;
}
