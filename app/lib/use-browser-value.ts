import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};
// React reads a store's server snapshot exactly when it renders on the server or hydrates the
// component (react.dev, useSyncExternalStore), else its snapshot. These two say which it read;
// both return the same, so React never re-renders for them.
let lastSnapshotRead: "server" | "browser" = "browser";
const readBrowser = () => ((lastSnapshotRead = "browser"), 0);
const readServer = () => ((lastSnapshotRead = "server"), 0);

/**
 * A value the browser knows and the server does not (browser storage, the signed-in viewer, a
 * media query, fetched rates), for a component that may be hydrated from the server's HTML.
 *
 * Like `useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)`, with one difference
 * that matters on a slow phone: where the browser's value differs from the server's, React's
 * hook re-renders every such component at once, in one blocking task, right after hydration.
 * Here that first catch-up is a transition, which React renders in slices and yields between
 * (total blocking time). Later changes of the store re-render as urgently as whatever changed
 * it: a click at once, a transition as a transition.
 *
 * A component mounted after hydration (a client navigation, the cart panel opening) reads the
 * browser's value in its first render, as React's hook does: nothing flashes. `subscribe` and
 * `getSnapshot` are the store's own functions, not new ones each render (else it subscribes again).
 */
export function useBrowserValue<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  useSyncExternalStore(subscribeToNothing, readBrowser, readServer);
  const hydrating = lastSnapshotRead === "server";
  const [value, setValue] = useState(() => (hydrating ? getServerSnapshot() : getSnapshot()));
  const catchUpPending = useRef(hydrating);

  useEffect(() => {
    const read = () => setValue(() => getSnapshot());
    const unsubscribe = subscribe(read);
    if (catchUpPending.current) {
      catchUpPending.current = false;
      startTransition(read);
    } else {
      read(); // a change between this render and the subscription
    }
    return unsubscribe;
  }, [subscribe, getSnapshot]);

  return value;
}
