import { LoaderCircle } from "lucide";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Icon, type IconNode } from "~/components/ui/icon";
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

/**
 * A list row's destructive action (delete a product or zone, remove a subscriber): a trigger
 * that asks first in an alert dialog, then posts the hidden `fields` through a fetcher and hands
 * the answer to `onResult` (to toast it). The dialog stays open, and cannot be dismissed, while
 * the request runs.
 */
export function ConfirmRowAction<Result>({
  label,
  icon,
  text,
  title,
  question,
  detail,
  fields,
  confirm,
  busy: busyLabel,
  onResult,
}: {
  /** The trigger's accessible name, e.g. "Delete Royal Kente Kaftan". */
  label: string;
  icon: IconNode;
  /** Visible text beside the icon; without it the trigger is an icon button. */
  text?: string;
  title: string;
  question: string;
  /** What the action does to this row, in a box under the question. */
  detail: ReactNode;
  /** Hidden form fields posted to the page's action. */
  fields: Record<string, string | number>;
  /** The confirm button's text ("Delete") and its text while busy ("Deleting…"). */
  confirm: string;
  busy: string;
  onResult(result: Result): void;
}) {
  const fetcher = useFetcher<Result>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state === "submitting";

  useFetcherResult(fetcher, (result) => {
    setOpen(false);
    // Action results are plain JSON objects, so their serialized form is the same type.
    onResult(result as Result);
  });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        {text ? (
          <Button type="button" variant="outline" size="sm" aria-label={label} className="hover:border-destructive hover:text-destructive">
            <Icon of={icon} />
            {text}
          </Button>
        ) : (
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={label}
            title={confirm}
            className="hover:bg-red-50 hover:text-destructive"
          >
            <Icon of={icon} />
          </Button>
        )}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{question}</AlertDialogDescription>
        <p className="mt-3 rounded-sm border border-border bg-white px-3 py-2 text-sm">{detail}</p>
        <fetcher.Form method="post">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy && <Icon of={LoaderCircle} className="animate-spin" />}
              {busy ? busyLabel : confirm}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
