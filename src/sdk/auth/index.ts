import type { Client } from "../client.js";
import type { ClientHeaders, Config } from "../types.js";

type Body = Record<string, unknown>;

/** What a login can answer besides a token: a redirect, an MFA challenge or a verification step. */
export type LoginResult =
  | string
  | { location: string }
  | { mfa_required: true; mfa_challenge: unknown; token: string }
  | { verification_required: true; verification: unknown; token: string };

const seg = (s: string) => encodeURIComponent(s);

/**
 * Authentication for any actor (`user`, `customer`, …) and provider (`emailpass`, OAuth, …),
 * with the js-sdk's method names and arguments. A token answer is kept in the configured storage,
 * or turned into a cookie session when `auth.type` is "session".
 * https://docs.medusajs.com/api/store#auth
 * @example const token = await sdk.auth.login("user", "emailpass", { email, password })
 */
export class Auth {
  private readonly client: Client;
  private readonly config: Config;

  constructor(client: Client, config: Config) {
    this.client = client;
    this.config = config;
  }

  /**
   * Registers an identity; the registration token is stored so the next call can create the actor.
   * `POST /auth/{actor}/{method}/register`
   * @example
   * await sdk.auth.register("customer", "emailpass", { email: "jane@example.com", password: "secret" })
   * await sdk.store.customer.create({ email: "jane@example.com", first_name: "Jane" })
   */
  register = async (actor: string, method: string, payload: Body): Promise<string> => {
    const { token } = await this.client.fetch<{ token?: string }>(`/auth/${seg(actor)}/${seg(method)}/register`, {
      method: "POST",
      body: payload,
    });
    if (!token) throw new Error("Unexpected registration response");
    // Stored as a plain token even in session mode: it has no actor yet, so no session can start.
    await this.client.setToken(token);
    return token;
  };

  /**
   * Logs in and keeps the token (or starts a cookie session when `auth.type` is "session"); answers
   * the token, a `{location}` to redirect to, or an MFA or verification step. `POST /auth/{actor}/{method}`
   * @example
   * const token = await sdk.auth.login("user", "emailpass", { email: "admin@example.com", password: "secret" })
   */
  login = async (actor: string, method: string, payload: Body): Promise<LoginResult> => {
    const res = await this.client.fetch<{ token?: string; location?: string; mfa_challenge?: unknown; verification_required?: boolean; verification?: unknown }>(
      `/auth/${seg(actor)}/${seg(method)}`,
      { method: "POST", body: payload },
    );
    if (res.location) return { location: res.location };
    if (!res.token) throw new Error("Unexpected authentication response");
    await this.setToken_(res.token);
    if (res.verification_required) return { verification_required: true, verification: res.verification, token: res.token };
    if (res.mfa_challenge) return { mfa_required: true, mfa_challenge: res.mfa_challenge, token: res.token };
    return res.token;
  };

  /**
   * Completes a redirect login (OAuth) with the query the provider sent back, and keeps the token.
   * `GET /auth/{actor}/{method}/callback`
   * @example
   * const token = await sdk.auth.callback("customer", "google", Object.fromEntries(new URLSearchParams(location.search)))
   */
  callback = async (actor: string, method: string, query?: Record<string, unknown>): Promise<LoginResult> => {
    const res = await this.client.fetch<{ token?: string; mfa_challenge?: unknown; verification_required?: boolean; verification?: unknown }>(
      `/auth/${seg(actor)}/${seg(method)}/callback`,
      { method: "GET", query },
    );
    if (!res.token) throw new Error("Unexpected authentication callback response");
    await this.setToken_(res.token);
    if (res.verification_required) return { verification_required: true, verification: res.verification, token: res.token };
    if (res.mfa_challenge) return { mfa_required: true, mfa_challenge: res.mfa_challenge, token: res.token };
    return res.token;
  };

  /**
   * Ours (no js-sdk method): starts a login with GET /auth/{actor}/{method}, as a browser link to an
   * OAuth provider does. A `{location}` answer is returned for the caller to follow; a token answer
   * is kept like `login` keeps it. `GET /auth/{actor}/{method}`
   * @example
   * const r = await sdk.auth.authorize("customer", "google"); if (typeof r === "object" && "location" in r) location.href = r.location
   */
  authorize = async (actor: string, method: string, query?: Record<string, unknown>, headers?: ClientHeaders): Promise<LoginResult> => {
    const res = await this.client.fetch<{ token?: string; location?: string; mfa_challenge?: unknown; verification_required?: boolean; verification?: unknown }>(
      `/auth/${seg(actor)}/${seg(method)}`,
      { method: "GET", query, headers },
    );
    if (res.location) return { location: res.location };
    return this.afterToken(res, "Unexpected authentication response");
  };

  /**
   * Ours (no js-sdk method): completes a redirect login with POST /auth/{actor}/{method}/callback,
   * for providers that post their answer (form_post); stores the token like `callback`.
   * `POST /auth/{actor}/{method}/callback`
   * @example
   * const token = await sdk.auth.callbackPost("customer", "apple", { code, state })
   */
  callbackPost = async (actor: string, method: string, body?: Body, headers?: ClientHeaders): Promise<LoginResult> => {
    const res = await this.client.fetch<{ token?: string; mfa_challenge?: unknown; verification_required?: boolean; verification?: unknown }>(
      `/auth/${seg(actor)}/${seg(method)}/callback`,
      { method: "POST", body: body ?? {}, headers },
    );
    return this.afterToken(res, "Unexpected authentication callback response");
  };

  private afterToken = async (
    res: { token?: string; mfa_challenge?: unknown; verification_required?: boolean; verification?: unknown },
    unexpected: string,
  ): Promise<LoginResult> => {
    if (!res.token) throw new Error(unexpected);
    await this.setToken_(res.token);
    if (res.verification_required) return { verification_required: true, verification: res.verification, token: res.token };
    if (res.mfa_challenge) return { mfa_required: true, mfa_challenge: res.mfa_challenge, token: res.token };
    return res.token;
  };

  /**
   * Exchanges a still-valid token for a new one (there are no refresh tokens in Medusa). `POST /auth/token/refresh`
   * @example
   * const { token } = await sdk.auth.refresh()
   */
  refresh = async (headers?: ClientHeaders): Promise<{ token: string }> => {
    const res = await this.client.fetch<{ token: string }>("/auth/token/refresh", { method: "POST", headers });
    await this.setToken_(res.token);
    return res;
  };

  /**
   * Forgets the token; in session mode also ends the server session. `DELETE /auth/session` (session mode)
   * @example
   * await sdk.auth.logout()
   */
  logout = async (): Promise<void> => {
    if (this.config.auth?.type === "session") {
      await this.client.fetch("/auth/session", { method: "DELETE" });
    }
    await this.client.clearToken();
  };

  /**
   * Asks for a reset link; Medusa answers 201 with no JSON. `POST /auth/{actor}/{provider}/reset-password`
   * @example
   * await sdk.auth.resetPassword("customer", "emailpass", { identifier: "jane@example.com" })
   */
  resetPassword = async (actor: string, provider: string, body: { identifier: string }): Promise<void> => {
    await this.client.fetch(`/auth/${seg(actor)}/${seg(provider)}/reset-password`, {
      method: "POST",
      body,
      headers: { accept: "text/plain" },
    });
  };

  /**
   * Sets a new password with the one-time token from the reset link. `POST /auth/{actor}/{provider}/update`
   * @example
   * await sdk.auth.updateProvider("customer", "emailpass", { password: "new secret" }, tokenFromLink)
   */
  updateProvider = async (actor: string, provider: string, body: Body, token: string): Promise<void> => {
    await this.client.fetch(`/auth/${seg(actor)}/${seg(provider)}/update`, {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  /**
   * The authentication providers an actor can log in with. `GET /auth/{actor}/providers`
   * @example
   * const providers = await sdk.auth.listProviders("customer")
   */
  listProviders = async (actor: string, headers?: ClientHeaders) =>
    this.client.fetch(`/auth/${seg(actor)}/providers`, { method: "GET", headers });

  /**
   * Creates the admin user of an identity just registered with a provider. `POST /auth/{provider}/user`
   * @example
   * await sdk.auth.createUser("emailpass")
   */
  createUser = async (provider: string, headers?: ClientHeaders) =>
    this.client.fetch(`/auth/${seg(provider)}/user`, { method: "POST", headers });

  /** Second factors (MFA) of the logged-in identity. */
  mfa = {
    /**
     * The identity's second factors. `GET /auth/mfa/factors`
     * @example
     * const factors = await sdk.auth.mfa.list()
     */
    list: (headers?: ClientHeaders) => this.client.fetch("/auth/mfa/factors", { headers }),
    /**
     * Starts enrolling a second factor (the answer holds its secret or QR code). `POST /auth/mfa/factors`
     * @example
     * const factor = await sdk.auth.mfa.start({ provider: "totp", label: "phone" })
     */
    start: (body: Body, headers?: ClientHeaders) => this.client.fetch("/auth/mfa/factors", { method: "POST", body, headers }),
    /**
     * Confirms a factor being enrolled with a code from it. `POST /auth/mfa/factors/{id}/verify`
     * @example
     * await sdk.auth.mfa.verify("mfa_123", { code: "123456" })
     */
    verify: (id: string, body: Body, headers?: ClientHeaders) =>
      this.client.fetch(`/auth/mfa/factors/${seg(id)}/verify`, { method: "POST", body, headers }),
    /**
     * Removes a second factor. `DELETE /auth/mfa/factors/{id}`
     * @example
     * await sdk.auth.mfa.disable("mfa_123", { method: "totp", code: "123456" })
     */
    disable: (id: string, body?: Body, headers?: ClientHeaders) =>
      this.client.fetch(`/auth/mfa/factors/${seg(id)}`, { method: "DELETE", body: body ?? {}, headers }),
    /**
     * New one-time recovery codes (the old ones stop working). `POST /auth/mfa/recovery-codes`
     * @example
     * const codes = await sdk.auth.mfa.generateRecoveryCodes({ count: 4 })
     */
    generateRecoveryCodes: (body?: Body, headers?: ClientHeaders) =>
      this.client.fetch("/auth/mfa/recovery-codes", { method: "POST", body: body ?? {}, headers }),
    /**
     * Answers the MFA challenge of a login with a code; keeps the token it gives. `POST /auth/mfa/challenges/{id}/verify`
     * @example
     * const token = await sdk.auth.mfa.verifyChallenge(challenge.id, { method: "totp", code: "123456" })
     */
    verifyChallenge: async (id: string, body: Body, headers?: ClientHeaders): Promise<string> => {
      const { token } = await this.client.fetch<{ token: string }>(`/auth/mfa/challenges/${seg(id)}/verify`, { method: "POST", body, headers });
      await this.setToken_(token);
      return token;
    },
  };

  /** Verification of an identity's e-mail or phone (a login may ask for it). */
  verification = {
    /**
     * Sends a verification code or link. `POST /auth/verification/request`
     * @example
     * await sdk.auth.verification.request({ entity_id: "jane@example.com", entity_type: "email" })
     */
    request: (body: Body, headers?: ClientHeaders) => this.client.fetch("/auth/verification/request", { method: "POST", body, headers }),
    /**
     * Confirms with the code or token received. `POST /auth/verification/confirm`
     * @example
     * await sdk.auth.verification.confirm({ code: "123456", code_provider: "email" })
     */
    confirm: (body: Body, headers?: ClientHeaders) => this.client.fetch("/auth/verification/confirm", { method: "POST", body, headers }),
  };

  private setToken_ = async (token: string): Promise<void> => {
    if (this.config.auth?.type === "session") {
      await this.client.fetch("/auth/session", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    } else {
      await this.client.setToken(token);
    }
  };
}
