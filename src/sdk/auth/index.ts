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

  /** Registers an identity; the registration token is stored so the next call can create the actor. */
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
   * is kept like `login` keeps it.
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

  /** Exchanges a still-valid token for a new one (there are no refresh tokens in Medusa). */
  refresh = async (headers?: ClientHeaders): Promise<{ token: string }> => {
    const res = await this.client.fetch<{ token: string }>("/auth/token/refresh", { method: "POST", headers });
    await this.setToken_(res.token);
    return res;
  };

  logout = async (): Promise<void> => {
    if (this.config.auth?.type === "session") {
      await this.client.fetch("/auth/session", { method: "DELETE" });
    }
    await this.client.clearToken();
  };

  /** Asks for a reset link; Medusa answers 201 with no JSON. */
  resetPassword = async (actor: string, provider: string, body: { identifier: string }): Promise<void> => {
    await this.client.fetch(`/auth/${seg(actor)}/${seg(provider)}/reset-password`, {
      method: "POST",
      body,
      headers: { accept: "text/plain" },
    });
  };

  /** Sets a new password with the one-time token from the reset link. */
  updateProvider = async (actor: string, provider: string, body: Body, token: string): Promise<void> => {
    await this.client.fetch(`/auth/${seg(actor)}/${seg(provider)}/update`, {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  listProviders = async (actor: string, headers?: ClientHeaders) =>
    this.client.fetch(`/auth/${seg(actor)}/providers`, { method: "GET", headers });

  createUser = async (provider: string, headers?: ClientHeaders) =>
    this.client.fetch(`/auth/${seg(provider)}/user`, { method: "POST", headers });

  mfa = {
    list: (headers?: ClientHeaders) => this.client.fetch("/auth/mfa/factors", { headers }),
    start: (body: Body, headers?: ClientHeaders) => this.client.fetch("/auth/mfa/factors", { method: "POST", body, headers }),
    verify: (id: string, body: Body, headers?: ClientHeaders) =>
      this.client.fetch(`/auth/mfa/factors/${seg(id)}/verify`, { method: "POST", body, headers }),
    disable: (id: string, body?: Body, headers?: ClientHeaders) =>
      this.client.fetch(`/auth/mfa/factors/${seg(id)}`, { method: "DELETE", body: body ?? {}, headers }),
    generateRecoveryCodes: (body?: Body, headers?: ClientHeaders) =>
      this.client.fetch("/auth/mfa/recovery-codes", { method: "POST", body: body ?? {}, headers }),
    verifyChallenge: async (id: string, body: Body, headers?: ClientHeaders): Promise<string> => {
      const { token } = await this.client.fetch<{ token: string }>(`/auth/mfa/challenges/${seg(id)}/verify`, { method: "POST", body, headers });
      await this.setToken_(token);
      return token;
    },
  };

  verification = {
    request: (body: Body, headers?: ClientHeaders) => this.client.fetch("/auth/verification/request", { method: "POST", body, headers }),
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
