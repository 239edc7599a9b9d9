/** The admin registry: one line per resource, named as the js-sdk names it, in its order; featureFlag and index are ours. */
import { apiKey } from "./api-key.js";
import { campaign } from "./campaign.js";
import { claim } from "./claim.js";
import { currency } from "./currency.js";
import { customer } from "./customer.js";
import { customerGroup } from "./customer-group.js";
import { draftOrder } from "./draft-order.js";
import { exchange } from "./exchange.js";
import { featureFlag } from "./feature-flag.js";
import { fulfillment } from "./fulfillment.js";
import { fulfillmentProvider } from "./fulfillment-provider.js";
import { fulfillmentSet } from "./fulfillment-set.js";
import { indexEngine } from "./index-engine.js";
import { inventoryItem } from "./inventory-item.js";
import { invite } from "./invite.js";
import { layouts } from "./layouts.js";
import { locale } from "./locale.js";
import { notification } from "./notification.js";
import { order } from "./order.js";
import { orderEdit } from "./order-edit.js";
import { payment } from "./payment.js";
import { paymentCollection } from "./payment-collection.js";
import { plugin } from "./plugin.js";
import { priceList } from "./price-list.js";
import { pricePreference } from "./price-preference.js";
import { product } from "./product.js";
import { productCategory } from "./product-category.js";
import { productCollection } from "./product-collection.js";
import { productOption } from "./product-option.js";
import { productTag } from "./product-tag.js";
import { productType } from "./product-type.js";
import { productVariant } from "./product-variant.js";
import { promotion } from "./promotion.js";
import { propertyLabel } from "./property-label.js";
import { rbacPolicy } from "./rbac-policy.js";
import { rbacRole } from "./rbac-role.js";
import { refundReason } from "./refund-reasons.js";
import { region } from "./region.js";
import { reservation } from "./reservation.js";
import { returnResource } from "./return.js";
import { returnReason } from "./return-reason.js";
import { salesChannel } from "./sales-channel.js";
import { search } from "./search.js";
import { shippingOption } from "./shipping-option.js";
import { shippingOptionType } from "./shipping-option-type.js";
import { shippingProfile } from "./shipping-profile.js";
import { stockLocation } from "./stock-location.js";
import { store } from "./store.js";
import { taxProvider } from "./tax-provider.js";
import { taxRate } from "./tax-rate.js";
import { taxRegion } from "./tax-region.js";
import { translation } from "./translation.js";
import { upload } from "./upload.js";
import { user } from "./user.js";
import { views } from "./views.js";
import { workflowExecution } from "./workflow-execution.js";

export const adminResources = {
  invite,
  customer,
  productCollection,
  productCategory,
  productOption,
  priceList,
  pricePreference,
  product,
  productType,
  upload,
  region,
  returnReason,
  stockLocation,
  salesChannel,
  fulfillmentSet,
  fulfillment,
  fulfillmentProvider,
  shippingOption,
  shippingOptionType,
  shippingProfile,
  inventoryItem,
  notification,
  order,
  draftOrder,
  orderEdit,
  "return": returnResource,
  claim,
  taxRate,
  taxRegion,
  translation,
  store,
  productTag,
  user,
  locale,
  currency,
  payment,
  productVariant,
  refundReason,
  exchange,
  paymentCollection,
  apiKey,
  workflowExecution,
  reservation,
  customerGroup,
  promotion,
  campaign,
  plugin,
  search,
  taxProvider,
  views,
  propertyLabel,
  layouts,
  rbacRole,
  rbacPolicy,
  featureFlag,
  index: indexEngine,
} as const;

export type AdminResources = typeof adminResources;
