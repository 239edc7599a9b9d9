import { Picture } from "./picture.js";

/**
 * A line item's small square picture (cart, checkout review, orders). Decorative: the item's name
 * is always next to it, so it has empty alt text. Its size is fixed up front, so nothing moves.
 */
export function ItemImage({ src, size = 64 }: { src: string | null | undefined; size?: number }) {
  return <Picture placeholderClassName="item-img item-img-empty" className="item-img" src={src ?? undefined} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}
