import { useCallback, useRef, useState, type ImgHTMLAttributes } from "react";
import { useHydrated } from "../../lib/ssr.js";

/**
 * An <img> that shows a neutral placeholder instead of the browser's broken-image icon (and the
 * alt text squeezed beside it) when its picture does not load: a product whose file was removed,
 * a host that is down. A picture that failed before the page was hydrated (its error event came
 * before React listened) is caught when React first sees the element.
 */
export function Picture({ placeholderClassName, ...img }: ImgHTMLAttributes<HTMLImageElement> & { placeholderClassName: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = typeof img.src === "string" ? img.src : "";
  // Only a picture the server rendered can have failed before React listened.
  const fromServer = useRef(!useHydrated());
  const seen = useCallback(
    (el: HTMLImageElement | null) => {
      if (fromServer.current && el && el.complete && el.naturalWidth === 0 && el.currentSrc) setFailedSrc(src);
    },
    [src],
  );
  if (!src || failedSrc === src) return <span className={placeholderClassName} role={img.alt ? "img" : undefined} aria-label={img.alt || undefined} aria-hidden={img.alt ? undefined : true} />;
  return <img {...img} ref={seen} onError={() => setFailedSrc(src)} />;
}
