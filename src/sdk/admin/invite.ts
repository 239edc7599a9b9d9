import type { HttpTypes } from "@medusajs/types";
import { defineResource, op } from "../resource.js";
import type { ClientHeaders as H } from "../types.js";
import { shaped } from "./helpers.js";

/**
 * Invitations of new admin users. https://docs.medusajs.com/api/admin#invites
 * @example await sdk.admin.invite.create({ email: "ops@example.com" })
 */
export const invite = defineResource({
  name: "invite",
  path: "/admin/invites",
  one: "invite",
  many: "invites",
  columns: ["id", "email", "accepted", "expires_at", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#invites",
  methods: {
    /**
     * Accepts an invite as the invited person: body { invite_token, first_name, last_name }, sent with the JWT of their newly registered identity (POST /auth/user/emailpass/register). `POST /admin/invites/accept`
     * https://docs.medusajs.com/api/admin#invites
     * @example
     * const res = await sdk.admin.invite.accept({})
     */
    accept: shaped<[input: HttpTypes.AdminAcceptInvite & { invite_token: string; }, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminAcceptInviteResponse>("POST /admin/invites/accept", "body query headers", ({ invite_token, ...rest }, query, headers) => ({
      // The js-sdk puts the token raw into "?token="; qs encodes it, so "&" or "+" survive.
      body: rest,
      query: { token: invite_token, ...query },
      headers,
    }), "Accepts an invite as the invited person: body { invite_token, first_name, last_name }, sent with the JWT of their newly registered identity (POST /auth/user/emailpass/register)."),
    /**
     * Create a invite. `POST /admin/invites`
     * https://docs.medusajs.com/api/admin#invites
     * @example
     * const { invite } = await sdk.admin.invite.create({ email: "jane@example.com" })
     */
    create: op<[body: HttpTypes.AdminCreateInvite, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInviteResponse>("POST /admin/invites", "body query"),
    /**
     * Retrieve one invite. `GET /admin/invites/{id}`
     * https://docs.medusajs.com/api/admin#invites
     * @example
     * const { invite } = await sdk.admin.invite.retrieve("invite_123")
     */
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInviteResponse>("GET /admin/invites/{id}", "id query"),
    /**
     * List invites. `GET /admin/invites`
     * https://docs.medusajs.com/api/admin#invites
     * @example
     * const { invites, count } = await sdk.admin.invite.list({ limit: 20, fields: "id,email" })
     */
    list: op<[queryParams?: HttpTypes.FindParams, headers?: H], HttpTypes.AdminInviteListResponse>("GET /admin/invites", "query", { list: true }),
    /**
     * Resend. `POST /admin/invites/{id}/resend`
     * https://docs.medusajs.com/api/admin#invites
     * @example
     * const { invite } = await sdk.admin.invite.resend("invite_123")
     */
    resend: op<[id: string, headers?: H], HttpTypes.AdminInviteResponse>("POST /admin/invites/{id}/resend", "id"),
    /**
     * Delete a invite. `DELETE /admin/invites/{id}`
     * https://docs.medusajs.com/api/admin#invites
     * @example
     * const { id, deleted } = await sdk.admin.invite.delete("invite_123")
     */
    delete: op<[id: string, headers?: H], HttpTypes.AdminInviteDeleteResponse>("DELETE /admin/invites/{id}", "id"),
  },
});
