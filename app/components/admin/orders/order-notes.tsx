import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock, Send } from "lucide";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Field, FormAlert, TextareaInput } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { formatDateTime } from "~/lib/dates";
import {
  customerMessageFormSchema,
  ORDER_NOTE_MAX,
  staffNoteFormSchema,
  type OrderNoteForm,
  type OrderNoteFormInput,
} from "~/modules/orders/fulfilment.schema";
import type { OrderNoteEntry } from "~/modules/orders/order-types";
import type { FulfilmentActionResult } from "./order-update";

const kinds = {
  "staff-note": {
    schema: staffNoteFormSchema,
    label: "Add a note",
    hint: "Only staff see notes: the customer never does.",
    submit: "Add note",
    busy: "Adding…",
    empty: "No notes yet.",
    icon: Lock,
  },
  "customer-message": {
    schema: customerMessageFormSchema,
    label: "Message to the customer",
    hint: "Emailed to the customer and shown on their order page.",
    submit: "Send message",
    busy: "Sending…",
    empty: "No messages sent yet.",
    icon: Send,
  },
} as const;

/**
 * The internal notes or the messages to the customer of an order: what was written (by whom,
 * when, in the store's time zone), then a form to write one more. The action stores a text
 * once even when it is posted twice (a double click), and emails a message once.
 */
export function OrderNotes({
  orderId,
  intent,
  notes,
  timeZone,
  canWrite = true,
}: {
  orderId: string;
  intent: "staff-note" | "customer-message";
  notes: OrderNoteEntry[];
  timeZone: string;
  /** Whether the role may write here (orders.notes, decision 047): the notes are shown either way. */
  canWrite?: boolean;
}) {
  const kind = kinds[intent];
  const fetcher = useFetcher<FulfilmentActionResult>();
  const answer = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const [form, fields] = useForm<OrderNoteFormInput, OrderNoteForm>({
    id: `${intent}-${orderId}`,
    defaultValue: { orderId, body: "" },
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: kind.schema, disableAutoCoercion: true });
    },
  });
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      notify.success(intent === "staff-note" ? "Note added" : "Message sent", { description: result.message });
      form.reset();
    } else notify.error(intent === "staff-note" ? "Note not added" : "Message not sent", { description: result.message });
  });
  const busy = fetcher.state !== "idle";

  return (
    <div className="grid gap-4">
      {notes.length === 0 ? (
        <p className="text-sm text-stone">{kind.empty}</p>
      ) : (
        <ol className="grid gap-3" aria-label={intent === "staff-note" ? "Staff notes" : "Messages to the customer"}>
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-border bg-white p-4 text-sm">
              <p className="break-words whitespace-pre-line text-charcoal">{note.body}</p>
              <p className="mt-2 text-xs text-stone">
                {note.authorName} ·{" "}
                <time dateTime={note.createdAt} className="tabular-nums">
                  {formatDateTime(note.createdAt, timeZone)}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name={fields.orderId.name} value={orderId} />
          <Field field={fields.body} label={kind.label} hint={kind.hint}>
            <TextareaInput field={fields.body} hint rows={3} maxLength={ORDER_NOTE_MAX} required />
          </Field>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {answer && <FormAlert id={form.errorId} inline title={answer.message} className="mr-auto" />}
            <Button type="submit" variant={intent === "staff-note" ? "outline" : "default"} disabled={busy}>
              <Icon of={kind.icon} />
              {busy ? kind.busy : kind.submit}
            </Button>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}
