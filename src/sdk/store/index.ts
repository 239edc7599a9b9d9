/** The store registry: one line per resource, named as the js-sdk names it, in its order; the last seven are ours. */
import { cart } from "./cart.js";
import { category } from "./category.js";
import { collection } from "./collection.js";
import { currency } from "./currency.js";
import { customer } from "./customer.js";
import { fulfillment } from "./fulfillment.js";
import { locale } from "./locale.js";
import { order } from "./order.js";
import { payment } from "./payment.js";
import { product } from "./product.js";
import { productOption } from "./product-option.js";
import { productTag } from "./product-tag.js";
import { productType } from "./product-type.js";
import { productVariant } from "./product-variant.js";
import { region } from "./region.js";
import { returnResource } from "./return.js";
import { returnReason } from "./return-reason.js";
import { search } from "./search.js";

export const storeResources = {
  region,
  collection,
  category,
  productOption,
  product,
  cart,
  fulfillment,
  payment,
  order,
  customer,
  locale,
  currency,
  productTag,
  productType,
  productVariant,
  returnReason,
  return: returnResource,
  search,
} as const;

export type StoreResources = typeof storeResources;
