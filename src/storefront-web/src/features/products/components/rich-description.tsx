import DOMPurify from "dompurify";
import { plainText } from "../../../lib/plain-text.js";
import { sanitizeHtml, setPurifier } from "../../../lib/rich-text.js";

// In the browser DOMPurify works on the page's DOM; the server sets its own (server/server.ts).
if (typeof window !== "undefined") setPurifier(DOMPurify);

export default function RichDescription({ html }: { html: string }) {
  const safe = sanitizeHtml(html);
  if (safe === null) return <p className="description">{plainText(html)}</p>;
  return <div className="description rich-text" dangerouslySetInnerHTML={{ __html: safe }} />;
}
