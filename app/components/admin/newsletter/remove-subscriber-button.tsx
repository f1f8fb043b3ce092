import { LoaderCircle, UserMinus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import type { SubscriberActionResult } from "./subscriber-action";

/** The row's Remove: asks first, then removes the address through a fetcher and says what happened. */
export function RemoveSubscriberButton({ id, email }: { id: number; email: string }) {
  const fetcher = useFetcher<SubscriberActionResult>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state === "submitting";

  useFetcherResult(fetcher, (result) => {
    setOpen(false);
    if (!result.ok) notify.error("Failed to remove subscriber", { description: result.message });
    else if (result.removed) notify.success("Subscriber removed", { description: `${email} gets no more newsletters.` });
    else notify.success("Already removed", { description: `${email} was no longer on the list.` });
  });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Remove ${email}`}
          className="hover:border-destructive hover:text-destructive"
        >
          <UserMinus aria-hidden />
          Remove
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Remove subscriber</AlertDialogTitle>
        <AlertDialogDescription>Unsubscribe this address and delete it from the newsletter list?</AlertDialogDescription>
        <p className="mt-3 rounded-sm border border-border bg-white px-3 py-2 text-sm">
          <span className="font-semibold wrap-anywhere">{email}</span> gets no more newsletters. Signing up again will ask them to confirm
          again.
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={id} />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy && <LoaderCircle className="animate-spin" aria-hidden />}
              {busy ? "Removing…" : "Remove"}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
