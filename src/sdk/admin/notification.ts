import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";

/**
 * Notifications sent by the server (feed, e-mail). https://docs.medusajs.com/api/admin#notifications
 * @example const { notifications } = await sdk.admin.notification.list({ channel: "feed" })
 */
export const notification = defineResource({
  name: "notification",
  path: "/admin/notifications",
  one: "notification",
  many: "notifications",
  columns: ["id", "channel", "template", "to", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#notifications",
  methods: {
    /**
     * Retrieve one notification. `GET /admin/notifications/{id}`
     * https://docs.medusajs.com/api/admin#notifications
     * @example
     * const { notification } = await sdk.admin.notification.retrieve("noti_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.AdminNotificationParams, headers?: H], HttpTypes.AdminNotificationResponse>("GET /admin/notifications/{id}", "id query"),
    /**
     * List notifications. `GET /admin/notifications`
     * https://docs.medusajs.com/api/admin#notifications
     * @example
     * const { notifications, count } = await sdk.admin.notification.list({ limit: 20, fields: "id,channel" })
     */
    list: op<[query?: HttpTypes.AdminNotificationListParams, headers?: H], HttpTypes.AdminNotificationListResponse>("GET /admin/notifications", "query", { list: true }),
  },
});
