/** The admin registry: one line per resource, named as the js-sdk names it. */
import { apiKey } from "./api-key.js";
import { product } from "./product.js";
import { productTag } from "./product-tag.js";
import { region } from "./region.js";
import { user } from "./user.js";

export const adminResources = {
  apiKey,
  product,
  productTag,
  region,
  user,
} as const;

export type AdminResources = typeof adminResources;
