import { LoaderCircle, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
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
import type { ZoneActionResult } from "./zone-action";

/** A zone row's delete button: asks first, then deletes through a fetcher. */
export function DeleteZoneButton({ id, name }: { id: number; name: string }) {
  const fetcher = useFetcher<ZoneActionResult>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state === "submitting";

  useFetcherResult(fetcher, (result) => {
    setOpen(false);
    if (result.ok) notify.success("Zone deleted", { description: `${name}'s addresses are now priced by the next zone that covers them.` });
    else notify.error("Zone not deleted", { description: result.message });
  });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${name}`}
          title="Delete"
          className="hover:bg-red-50 hover:text-destructive"
        >
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete zone</AlertDialogTitle>
        <AlertDialogDescription>Are you sure you want to delete this shipping zone?</AlertDialogDescription>
        <p className="mt-3 rounded-sm border border-border bg-white px-3 py-2 text-sm">
          <span className="font-semibold">{name}</span>: its countries will ship at the rest-of-world fee and estimate from now on. Orders
          already placed keep what they were charged.
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy && <LoaderCircle className="animate-spin" aria-hidden />}
              {busy ? "Deleting…" : "Delete"}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
