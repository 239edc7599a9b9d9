import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

const loadPanel = () => import("./cart-drawer-panel.js");
const CartDrawer = lazy(loadPanel);

/** Fetches the drawer's code ahead of the first "Add to cart" (called as the shopper reaches for the button). */
export function preloadCartDrawer(): void {
  void loadPanel().catch(() => {});
}

interface Drawer {
  /** Opens the drawer with `message` announced; focus returns to what had it on close. */
  open: (message?: string) => void;
  close: () => void;
  isOpen: boolean;
}

const DrawerContext = createContext<Drawer | null>(null);

export function useCartDrawer(): Drawer {
  const d = useContext(DrawerContext);
  if (!d) throw new Error("useCartDrawer() needs a <CartDrawerProvider>");
  return d;
}

/** Holds the drawer's state and renders it once, beside the page. */
export function CartDrawerProvider({ children }: { children?: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; message: string }>({ open: false, message: "" });
  const returnTo = useRef<HTMLElement | null>(null);
  const open = useCallback((message = "") => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setState({ open: true, message });
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const value = useMemo(() => ({ open, close, isOpen: state.open }), [open, close, state.open]);
  return (
    <DrawerContext.Provider value={value}>
      {children}
      {state.open ? (
        <Suspense fallback={null}>
          <CartDrawer message={state.message} onClose={close} returnTo={returnTo} />
        </Suspense>
      ) : null}
    </DrawerContext.Provider>
  );
}

