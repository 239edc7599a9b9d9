/** Turns SDK errors into what a shopper reads, using the SDK's guards (never English message matching). */
import { isApiError, isNetworkError, isTimeoutError } from "medusactl/sdk/store";

export const isUnauthorized = (e: unknown): boolean => isApiError(e) && e.status === 401;
export const isNotFound = (e: unknown): boolean => isApiError(e) && e.status === 404;
export const isUnreachable = (e: unknown): boolean => isNetworkError(e) || isTimeoutError(e);

export function errorMessage(e: unknown): string {
  if (isNetworkError(e)) return "We can't reach the shop right now. Check your connection and try again.";
  if (isTimeoutError(e)) return "The shop is taking too long to answer. Please try again.";
  if (isApiError(e)) {
    if (e.status === 401) return "Please log in to continue.";
    if (e.status === 403) return "You are not allowed to do that.";
    if (e.status === 404) return "We couldn't find what you were looking for.";
    if (e.code === "insufficient_inventory") return "Sorry, there is not enough stock for that quantity.";
    if (e.status >= 500) return "Something went wrong on our side. Please try again.";
    // 4xx messages from Medusa are written for the client ("Invalid email or password").
    return e.message || "The request was not accepted.";
  }
  return e instanceof Error && e.message ? e.message : "Something went wrong.";
}
