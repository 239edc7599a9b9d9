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
    accept: shaped<[input: HttpTypes.AdminAcceptInvite & { invite_token: string; }, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminAcceptInviteResponse>("POST /admin/invites/accept", "body query headers", ({ invite_token, ...rest }, query, headers) => ({
      // The js-sdk puts the token raw into "?token="; qs encodes it, so "&" or "+" survive.
      body: rest,
      query: { token: invite_token, ...query },
      headers,
    }), "Accepts an invite as the invited person: body { invite_token, first_name, last_name }, sent with the JWT of their newly registered identity (POST /auth/user/emailpass/register)."),
    create: op<[body: HttpTypes.AdminCreateInvite, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInviteResponse>("POST /admin/invites", "body query"),
    retrieve: op<[id: string, query?: HttpTypes.SelectParams, headers?: H], HttpTypes.AdminInviteResponse>("GET /admin/invites/{id}", "id query"),
    list: op<[queryParams?: HttpTypes.FindParams, headers?: H], HttpTypes.AdminInviteListResponse>("GET /admin/invites", "query", { list: true }),
    resend: op<[id: string, headers?: H], HttpTypes.AdminInviteResponse>("POST /admin/invites/{id}/resend", "id"),
    delete: op<[id: string, headers?: H], HttpTypes.AdminInviteDeleteResponse>("DELETE /admin/invites/{id}", "id"),
  },
});
