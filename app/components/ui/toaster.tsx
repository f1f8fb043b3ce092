import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { cameFromShopPage, routerRuns } from "~/lib/navigation";
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

/**
 * Toasts without putting the toast library in every page's first download: the first
 * notification loads sonner, mounts its Toaster, then shows the toast.
 */
type Sonner = typeof SonnerModule;
type ToastKind = "message" | "success" | "error";

export interface NotifyOptions extends ExternalToast {
  /**
   * What the toast is about. A success dismisses the error toasts still shown about the same
   * topic ("Error placing order" goes when "Order placed successfully!" comes); toasts without
   * one share the default topic.
   */
  topic?: string;
}

/** Error toasts on screen, by id, with their topic. */
const openErrors = new Map<string | number, string>();

let requested = false;
const listeners = new Set<() => void>();
let resolveMounted: (() => void) | null = null;
const mounted = new Promise<void>((resolve) => (resolveMounted = resolve));
let sonner: Promise<Sonner> | null = null;

function loadSonner() {
  sonner ??= import("sonner");
  return sonner;
}

async function show(kind: ToastKind, title: string, options: NotifyOptions = {}) {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  const { toast } = await loadSonner();
  await mounted;
  const { topic = "", ...sonnerOptions } = options;
  if (kind === "message") return void toast(title, sonnerOptions);
  if (kind === "success") {
    // A stale error beside the success would contradict it.
    for (const [id, about] of openErrors) {
      if (about !== topic) continue;
      toast.dismiss(id);
      openErrors.delete(id);
    }
    return void toast.success(title, sonnerOptions);
  }
  const forget = (t: { id: string | number }) => openErrors.delete(t.id);
  const id = toast.error(title, {
    ...sonnerOptions,
    onDismiss: (t) => (forget(t), sonnerOptions.onDismiss?.(t)),
    onAutoClose: (t) => (forget(t), sonnerOptions.onAutoClose?.(t)),
  });
  openErrors.set(id, topic);
}

export const notify = Object.assign((title: string, options?: NotifyOptions) => void show("message", title, options), {
  success: (title: string, options?: NotifyOptions) => void show("success", title, options),
  error: (title: string, options?: NotifyOptions) => void show("error", title, options),
});

/** A toast waiting for the next page, which a page of islands loads whole (decision 021). */
const NEXT_PAGE_TOAST = "ahenfie.next-page-toast";

/**
 * A success toast for the page the shopper is about to see ("Order placed successfully!"
 * before the order's page): where React Router runs, shown now (it stays across the client
 * navigation); on a page of islands, kept for the page the browser loads next.
 */
export function notifySuccessOnNextPage(title: string, options: { description: string }): void {
  if (routerRuns()) return notify.success(title, options);
  try {
    sessionStorage.setItem(NEXT_PAGE_TOAST, JSON.stringify({ title, description: options.description }));
  } catch {
    notify.success(title, options); // storage disabled: at least this page shows it
  }
}

/**
 * The toast a previous page left for this one, shown once. Only a page of the shop leaves one,
 * just before it sends the browser on (checkout-form.tsx, use-auth-form.ts).
 */
function showNextPageToast() {
  if (!cameFromShopPage()) return;
  let waiting: unknown = null;
  try {
    const raw = sessionStorage.getItem(NEXT_PAGE_TOAST);
    sessionStorage.removeItem(NEXT_PAGE_TOAST);
    waiting = raw ? JSON.parse(raw) : null;
  } catch {
    return; // storage disabled, or not ours
  }
  if (waiting && typeof waiting === "object" && "title" in waiting && typeof waiting.title === "string") {
    const description = "description" in waiting ? String(waiting.description) : "";
    notify.success(waiting.title, { description });
  }
}

const SonnerToaster = lazy(() =>
  loadSonner().then((m) => ({
    default: function Toaster() {
      useEffect(() => resolveMounted?.(), []);
      return <m.Toaster position="top-center" closeButton toastOptions={{ classNames: { toast: "font-sans" } }} />;
    },
  })),
);

export function LazyToaster() {
  useEffect(showNextPageToast, []);
  const show = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => requested,
    () => false,
  );
  if (!show) return null;
  // Straight in the body, wherever the toaster is drawn (an island's box, decision 021): a dialog
  // hides everything else from assistive technology except live regions that are the body's own.
  return createPortal(
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>,
    document.body,
  );
}
