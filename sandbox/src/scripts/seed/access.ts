/**
 * Seed steps for who may use the sandbox: the storefront's publishable key, medusactl's secret key
 * and the admin user whose e-mail and password the state file holds.
 */
import type { AuthenticationInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createUserAccountWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"

import { PUBLISHABLE_KEY_TITLE, SECRET_KEY_TITLE } from "./catalogue"
import { say, type Container } from "./step"

/** The publishable key, linked to the sales channel; returns its token. */
export async function seedPublishableKey(container: Container, salesChannelId: string): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const apiKeyModule = container.resolve(Modules.API_KEY)
  let publishable = (await apiKeyModule.listApiKeys({ title: PUBLISHABLE_KEY_TITLE, type: "publishable" })).find(
    (k) => !k.revoked_at,
  )
  if (!publishable) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: PUBLISHABLE_KEY_TITLE, type: "publishable", created_by: "" }] },
    })
    publishable = result[0]!
    say("created the publishable API key")
  }
  const { data: [keyGraph] } = await query.graph({
    entity: "api_key",
    fields: ["id", "sales_channels.id"],
    filters: { id: publishable.id },
  })
  if (!((keyGraph as unknown as { sales_channels?: { id: string }[] }).sales_channels ?? []).some((c) => c?.id === salesChannelId)) {
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: publishable.id, add: [salesChannelId] } })
    say("linked the publishable key to the sales channel")
  }
  return publishable.token
}

/** A secret key's token is only visible at creation: the one recorded in the state file is reused while it still works. */
export async function seedSecretKey(container: Container, recorded: string | undefined): Promise<{ token: string; id: string }> {
  const apiKeyModule = container.resolve(Modules.API_KEY)
  let secretToken: string | undefined
  let secretId: string | undefined
  if (recorded) {
    const key = await apiKeyModule.authenticate(recorded).catch(() => false as const)
    if (key && !key.revoked_at && key.type === "secret") {
      secretToken = recorded
      secretId = key.id
    }
  }
  if (!secretToken) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: SECRET_KEY_TITLE, type: "secret", created_by: "" }] },
    })
    secretToken = result[0]!.token
    secretId = result[0]!.id
    say("created the secret API key")
  }
  return { token: secretToken, id: secretId! }
}

/** The admin user, with the password from the state file (never from argv). */
export async function seedAdmin(container: Container, email: string, password: string): Promise<void> {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const users = await userModule.listUsers({ email })
  const credentials = { body: { email, password } } as unknown as AuthenticationInput
  if (users.length) {
    // Keep the password in line with the state file (e.g. after the state was recreated).
    const check = await authModule.authenticate("emailpass", credentials)
    if (!check.success) {
      await authModule.updateProvider("emailpass", { entity_id: email, password })
      say("reset the admin password to the one in the state file")
    }
    return
  }
  let authIdentityId: string | undefined
  const registered = await authModule.register("emailpass", credentials)
  if (registered.success && registered.authIdentity) {
    authIdentityId = registered.authIdentity.id
  } else {
    // An identity without a user (a seed interrupted earlier): reuse it with the right password.
    await authModule.updateProvider("emailpass", { entity_id: email, password })
    const identities = await authModule.listProviderIdentities({ entity_id: email, provider: "emailpass" })
    authIdentityId = identities[0]?.auth_identity_id
    if (!authIdentityId) throw new Error(`cannot register the admin identity: ${registered.error ?? "unknown error"}`)
  }
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId, userData: { email, first_name: "Sandbox", last_name: "Admin" } },
  })
  say(`created the admin user ${email}`)
}
