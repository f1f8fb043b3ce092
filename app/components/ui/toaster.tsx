import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

/**
 * Toasts without putting the toast library in every page's first download: the first
 * notification loads sonner, mounts its Toaster, then shows the toast.
 */
type Sonner = typeof SonnerModule;
type ToastKind = "message" | "success" | "error";

let requested = false;
const listeners = new Set<() => void>();
let resolveMounted: (() => void) | null = null;
const mounted = new Promise<void>((resolve) => (resolveMounted = resolve));
let sonner: Promise<Sonner> | null = null;

function loadSonner() {
  sonner ??= import("sonner");
  return sonner;
}

async function show(kind: ToastKind, title: string, options?: ExternalToast) {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  const { toast } = await loadSonner();
  await mounted;
  if (kind === "message") toast(title, options);
  else toast[kind](title, options);
}

export const notify = Object.assign((title: string, options?: ExternalToast) => void show("message", title, options), {
  success: (title: string, options?: ExternalToast) => void show("success", title, options),
  error: (title: string, options?: ExternalToast) => void show("error", title, options),
});

const SonnerToaster = lazy(() =>
  loadSonner().then((m) => ({
    default: function Toaster() {
      useEffect(() => resolveMounted?.(), []);
      return <m.Toaster position="top-center" closeButton toastOptions={{ classNames: { toast: "font-sans" } }} />;
    },
  })),
);

export function LazyToaster() {
  const show = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => requested,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
