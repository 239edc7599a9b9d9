import { useRef, useState, type KeyboardEvent } from "react";
import { Picture } from "../../../components/ui/picture.js";
import { Thumbnail } from "./product-card.js";

export interface GalleryImage {
  id?: string;
  url: string;
}

/**
 * The product page's images: one large image (loaded first: it is the page's largest paint) and a
 * row of thumbnail buttons to switch it. Buttons are reachable with Tab and the arrow keys move
 * between them; the chosen one is `aria-pressed`. Every image has its size given, so nothing shifts.
 */
export function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const [shown, setShown] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  if (!images.length) {
    return (
      <div className="gallery">
        <Thumbnail src={null} alt="" />
      </div>
    );
  }
  const current = Math.min(shown, images.length - 1);
  const label = (i: number) => `${title}, image ${i + 1} of ${images.length}`;

  function onKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    const to = e.key === "ArrowRight" ? i + 1 : e.key === "ArrowLeft" ? i - 1 : e.key === "Home" ? 0 : e.key === "End" ? images.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const next = (to + images.length) % images.length;
    setShown(next);
    buttons.current[next]?.focus();
  }

  return (
    <div className="gallery">
      <Thumbnail key={images[current]!.url} src={images[current]!.url} alt={label(current)} eager size={800} />
      {images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label="Product images">
          {images.map((img, i) => (
            <li key={img.id ?? i}>
              <button
                type="button"
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                className="gallery-thumb"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === current}
                onClick={() => setShown(i)}
                onKeyDown={(e) => onKey(e, i)}
              >
                <Picture placeholderClassName="gallery-thumb-empty" src={img.url} alt="" loading="lazy" decoding="async" width={96} height={96} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
