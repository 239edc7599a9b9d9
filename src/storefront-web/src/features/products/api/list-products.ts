import type { HttpTypes } from "@medusajs/types";
import { useQuery } from "../../../lib/query.js";
import { useShop } from "../../../lib/shop.js";
import { useStoreSdk, type StoreSdk } from "../../../lib/sdk.js";

export const PAGE_SIZE = 12;

/** What the store API can sort by (Medusa 2.21 cannot order by calculated price: CONTRACT.md §9). */
export const SORTS = {
  newest: { label: "Newest", order: "-created_at" },
  title: { label: "Title A–Z", order: "title" },
  "title-desc": { label: "Title Z–A", order: "-title" },
} as const;
export type SortKey = keyof typeof SORTS;
export const isSortKey = (s: string | null): s is SortKey => s !== null && s in SORTS;

export interface ProductListParams {
  regionId: string;
  page: number;
  sort: SortKey;
  q?: string;
  /** A category and its subcategories: a parent such as "Apparel" lists what its children hold. */
  categoryIds?: string[];
  collectionId?: string;
  /** Page size; the listing's is PAGE_SIZE, a home page rail asks for fewer. */
  limit?: number;
  /** The shopper's country: with it the store API adds the tax to each price (calculated_amount_with_tax). */
  countryCode?: string;
}

export interface ProductPage {
  products: HttpTypes.StoreProduct[];
  count: number;
}

const LIST_FIELDS = "id,title,handle,thumbnail,variants.id,*variants.calculated_price";

export async function listProducts(sdk: StoreSdk, p: ProductListParams): Promise<ProductPage> {
  const query: Record<string, unknown> = {
    limit: p.limit ?? PAGE_SIZE,
    offset: (p.page - 1) * (p.limit ?? PAGE_SIZE),
    order: SORTS[p.sort].order,
    region_id: p.regionId,
    fields: LIST_FIELDS,
  };
  if (p.countryCode) query.country_code = p.countryCode;
  if (p.q) query.q = p.q;
  if (p.categoryIds?.length) query.category_id = p.categoryIds;
  if (p.collectionId) query.collection_id = [p.collectionId];
  const { products, count } = await sdk.store.product.list(query);
  return { products, count };
}

/** `enabled: false` while a filter given by handle is still being resolved to its id. */
export function useProducts(params: ProductListParams, enabled = true) {
  const sdk = useStoreSdk();
  const { countryCode } = useShop();
  const p = { ...params, countryCode: params.countryCode ?? countryCode };
  return useQuery(["products", p], () => listProducts(sdk, p), { keepPrevious: true, enabled });
}
