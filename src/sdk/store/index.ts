/** The store registry: one line per resource, named as the js-sdk names it. */
import { product } from "./product.js";
import { region } from "./region.js";

export const storeResources = {
  product,
  region,
} as const;

export type StoreResources = typeof storeResources;
