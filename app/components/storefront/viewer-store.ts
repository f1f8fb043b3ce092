import { useEffect, type FormEvent } from "react";
import { useBrowserValue } from "~/lib/use-browser-value";
import { routerRuns, submitThroughRouter } from "~/lib/navigation";
import { usePageContext } from "~/lib/page-context";
import { createBrowserStore } from "~/lib/browser-store";
import type { HeaderViewer } from "~/lib/header-viewer";

/**
 * Who is signed in, as the header shows it. Storefront pages are one cached HTML for everyone
 * (server/page-cache.ts), so the viewer is not in them: the browser asks /api/viewer after
 * load and after every navigation (signing in, out or as someone else ends in one), and remembers
 * the answer in localStorage so the next page shows the account menu from its first render
 * after hydration, before the answer arrives; the answer then corrects it if the session has
 * ended meanwhile. Every tab follows (the storage event).
 *
 * Before hydration the header shows the account icon linking to /auth, which looks the same
 * as the account menu's button: nothing flashes for a signed-in shopper.
 */
function parseViewer(raw: string | null): HeaderViewer | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && "email" in value && typeof value.email === "string") {
      return { email: value.email, isAdmin: "isAdmin" in value && value.isAdmin === true };
    }
  } catch {
    // not ours: nobody
  }
  return null;
}

const viewerStore = createBrowserStore<HeaderViewer | null>("ahenfie.viewer.v1", null, parseViewer);

let asking: Promise<void> | null = null;

/** Asks the server who is signed in and keeps the answer (one request at a time). */
function refreshViewer(): Promise<void> {
  asking ??= fetch("/api/viewer", { headers: { Accept: "application/json" }, cache: "no-store" })
    .then((response) => (response.ok ? (response.json() as Promise<{ viewer: HeaderViewer | null }>) : Promise.reject(response)))
    .then(({ viewer }) => {
      const now = viewerStore.get();
      if (now?.email !== viewer?.email || now?.isAdmin !== viewer?.isAdmin) viewerStore.set(viewer);
    })
    // Offline or a server hiccup: keep what the header shows; the next page asks again.
    .catch(() => {})
    .finally(() => {
      asking = null;
    });
  return asking;
}

/**
 * The account menu's Sign Out, without leaving the page: where React Router runs, it sends
 * the form (and goes where the server redirects); elsewhere the form is posted in the
 * background and the page stays. Either way the header shows a guest once the server has
 * answered, and every other tab follows. If the shop cannot be reached, the browser posts the
 * form itself.
 */
export function signOutInPlace(event: FormEvent<HTMLFormElement>): void {
  const form = event.currentTarget;
  if (routerRuns()) {
    submitThroughRouter(event);
    // After the router has read the form: showing a guest removes the menu that holds it.
    setTimeout(() => viewerStore.set(null));
    return;
  }
  event.preventDefault();
  // The answer is a redirect with the cleared session cookie; the page it names is not needed.
  fetch(form.action, { method: "POST", body: new FormData(form), redirect: "manual" })
    .then(() => viewerStore.set(null))
    .catch(() => form.submit());
}

/**
 * Whether someone was signed in when this browser last heard (the last /api/viewer answer it
 * kept), read at once, outside any component: for what a page does while it loads.
 */
export function signedInAsLastSeen(): boolean {
  return viewerStore.get() !== null;
}

/** The signed-in shopper (email, admin or not), or null: for the header, the menu and the wishlist. */
export function useViewer(): HeaderViewer | null {
  return useBrowserValue(viewerStore.subscribe, viewerStore.get, viewerStore.serverSnapshot);
}

/**
 * Keeps the viewer current: asks once the page has loaded and after every navigation (signing
 * in or out ends in one, so switching accounts updates the header without a reload). Mounted
 * once, in the storefront layout. A guest's question costs the server no database read.
 */
export function useViewerUpdates(): void {
  const { key } = usePageContext();
  useEffect(() => {
    void refreshViewer();
  }, [key]);
}
