import type { HttpTypes } from "@medusajs/types";
import { useEffect, type ReactNode } from "react";
import { Button } from "../../components/ui/button.js";
import { ErrorState, Loading } from "../../components/ui/status.js";
import { useCustomer } from "../../features/auth/api/get-customer.js";
import { useLogout } from "../../features/auth/api/logout.js";
import { Link, navigate, useLocation, usePage } from "../../lib/router.js";

const SECTIONS = [
  { to: "/account", label: "Profile" },
  { to: "/account/addresses", label: "Addresses" },
  { to: "/account/orders", label: "Orders" },
];

/** Account pages: a guest is sent to log in and comes back here afterwards. */
export function AccountLayout({ title, children }: { title: string; children: (customer: HttpTypes.StoreCustomer) => ReactNode }) {
  const customer = useCustomer();
  const logout = useLogout();
  const { pathname, href } = useLocation();
  usePage(title);
  // Only a settled answer counts: right after logging in the old "guest" answer is being refetched.
  const guest = customer.status === "success" && !customer.data && !customer.stale && !customer.isFetching;
  useEffect(() => {
    if (guest) navigate(`/account/login?next=${encodeURIComponent(href)}`, { replace: true });
  }, [guest, href]);

  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      {customer.status === "error" ? (
        <ErrorState error={customer.error} onRetry={() => void customer.refetch()} />
      ) : !customer.data ? (
        <Loading label="Loading your account…" />
      ) : (
        <div className="account">
          <nav aria-label="Account" className="account-nav">
            <ul>
              {SECTIONS.map((s) => (
                <li key={s.to}>
                  <Link to={s.to} aria-current={pathname === s.to ? "page" : undefined}>
                    {s.label}
                  </Link>
                </li>
              ))}
              <li>
                <Button
                  variant="link"
                  busy={logout.status === "pending"}
                  onClick={() => void logout.mutate(undefined).then(() => navigate("/account/login"), () => {})}
                >
                  Log out
                </Button>
              </li>
            </ul>
          </nav>
          <div className="account-body">{children(customer.data)}</div>
        </div>
      )}
    </main>
  );
}
