import { ShieldCheck } from "lucide";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import type { SecurityActionResult } from "~/modules/auth/two-factor.schema";

/**
 * "Confirm it's you" (decision 048): the password, or the authenticator app's code for those who
 * have one, posted to Admin → Sign-in security; `onConfirmed` gets the new end of the 15 minutes.
 */
export function ConfirmIdentityDialog({
  open,
  onOpenChange,
  hasApp,
  purpose,
  onConfirmed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasApp: boolean;
  /** What waits for the confirmation, e.g. "refund ₵2,400.00". */
  purpose: string;
  /** The server confirmed the sign-in for the next 15 minutes. */
  onConfirmed: () => void;
}) {
  const fetcher = useFetcher<SecurityActionResult>({ key: "confirm-identity" });
  const [method, setMethod] = useState<"password" | "app">(hasApp ? "app" : "password");
  const id = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok && open) onConfirmed();
    // Only a new answer counts (an old success must not confirm the next request).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  const app = method === "app";
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md p-6 md:p-8" aria-describedby={`${id}-why`}>
        <DialogTitle className="text-2xl">Confirm it&apos;s you</DialogTitle>
        <DialogDescription id={`${id}-why`} className="mt-2">
          You signed in more than 15 minutes ago. To {purpose}, enter {app ? "the code your authenticator app shows" : "your password"}{" "}
          again.
        </DialogDescription>
        <fetcher.Form method="post" action="/admin/security" className="mt-5 grid gap-4">
          <input type="hidden" name="intent" value="confirm-identity" />
          <input type="hidden" name="method" value={method} />
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-secret`} className="text-sm font-medium text-charcoal">
              {app ? "Code from your app" : "Password"}
            </label>
            <Input
              key={method}
              id={`${id}-secret`}
              name="secret"
              type={app ? "text" : "password"}
              inputMode={app ? "numeric" : undefined}
              autoComplete={app ? "one-time-code" : "current-password"}
              maxLength={app ? 7 : 128}
              autoFocus
              required
              aria-invalid={answer && !answer.ok ? true : undefined}
              aria-describedby={answer && !answer.ok ? `${id}-error` : undefined}
              className={app ? "font-mono tracking-[0.3em]" : undefined}
            />
          </div>
          {answer && !answer.ok && <FormAlert id={`${id}-error`} inline title={answer.message} />}
          <div className="flex flex-wrap items-center justify-between gap-3">
            {hasApp ? (
              <Button type="button" variant="link" className="px-0" onClick={() => setMethod(app ? "password" : "app")}>
                {app ? "Use my password instead" : "Use my app's code instead"}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={busy}>
              <Icon of={ShieldCheck} /> {busy ? "Checking…" : "Confirm"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
