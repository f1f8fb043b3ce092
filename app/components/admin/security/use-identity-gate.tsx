import { useCallback, useRef, useState, type FormEvent, type FormEventHandler, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { IdentityState } from "~/modules/auth/identity-confirmation.server";
import { ConfirmIdentityDialog } from "./confirm-identity-dialog";

/** The part of the admin layout's data this reads. */
interface AdminLayoutData {
  identity: IdentityState;
}

/**
 * Asks "Confirm it's you" before a sensitive post when the sign-in is more than 15 minutes old
 * (decision 048), then runs the post: `guard(purpose, post)`. The server checks again; this only
 * saves a refused round trip and the retyping.
 */
export function useIdentityGate(): {
  identity: IdentityState | undefined;
  guard: (purpose: string, post: () => void) => void;
  /** A form's onSubmit that asks first when needed, then submits the form again itself. */
  gatedSubmit: (purpose: string, onSubmit?: FormEventHandler<HTMLFormElement>) => FormEventHandler<HTMLFormElement>;
  dialog: ReactNode;
} {
  const identity = useRouteLoaderData<AdminLayoutData>("routes/admin/layout")?.identity;
  // A confirmation made on this page counts at once, before the layout's data reloads.
  const confirmedHere = useRef(0);
  const [waiting, setWaiting] = useState<{ purpose: string; post: () => void } | null>(null);
  const fresh = useCallback(() => {
    const until = Math.max(Date.parse(identity?.confirmedUntil ?? "") || 0, confirmedHere.current);
    // A minute's margin: the post must reach the server inside the window.
    return until - Date.now() > 60_000;
  }, [identity?.confirmedUntil]);
  const guard = useCallback(
    (purpose: string, post: () => void) => {
      if (fresh()) post();
      else setWaiting({ purpose, post });
    },
    [fresh],
  );
  const gatedSubmit = useCallback(
    (purpose: string, onSubmit?: FormEventHandler<HTMLFormElement>) => (event: FormEvent<HTMLFormElement>) => {
      if (fresh()) return onSubmit?.(event);
      event.preventDefault();
      const form = event.currentTarget;
      setWaiting({ purpose, post: () => form.requestSubmit() });
    },
    [fresh],
  );
  const dialog = (
    <ConfirmIdentityDialog
      open={waiting !== null}
      onOpenChange={(open) => !open && setWaiting(null)}
      hasApp={identity?.hasApp ?? false}
      purpose={waiting?.purpose ?? "go on"}
      onConfirmed={() => {
        // Counted on this browser's clock, which may not agree with the server's: the server has
        // just confirmed the sign-in for 15 minutes from now.
        confirmedHere.current = Date.now() + 14 * 60_000;
        const post = waiting?.post;
        setWaiting(null);
        post?.();
      }}
    />
  );
  return { identity, guard, gatedSubmit, dialog };
}
