import { lazy, Suspense } from "react";
import { looksLikeHtml, plainText } from "../../../lib/plain-text.js";

// The sanitiser (DOMPurify, about 9 KB) loads with the first description that holds markup, not
// with every page; while it loads, the description's words stand in for it.
const RichDescription = lazy(() => import("./rich-description.js"));

/** A product's description: plain text as written (its line breaks kept), HTML as sanitised formatted text (lib/rich-text.ts). */
export function Description({ text }: { text: string }) {
  if (!looksLikeHtml(text)) return <p className="description">{text}</p>;
  return (
    <Suspense fallback={<p className="description">{plainText(text)}</p>}>
      <RichDescription html={text} />
    </Suspense>
  );
}
