import { UserMinus } from "lucide";
import { ConfirmRowAction } from "~/components/admin/list/confirm-row-action";
import { notify } from "~/components/ui/toaster";
import type { SubscriberActionResult } from "./subscriber-action";

/** The row's Remove: asks first, then removes the address through a fetcher and says what happened. */
export function RemoveSubscriberButton({ id, email }: { id: number; email: string }) {
  return (
    <ConfirmRowAction<SubscriberActionResult>
      label={`Remove ${email}`}
      icon={UserMinus}
      text="Remove"
      title="Remove subscriber"
      question="Unsubscribe this address and delete it from the newsletter list?"
      detail={
        <>
          <span className="font-semibold wrap-anywhere">{email}</span> gets no more newsletters. Signing up again will ask them to confirm
          again.
        </>
      }
      fields={{ id }}
      confirm="Remove"
      busy="Removing…"
      onResult={(result) => {
        if (!result.ok) notify.error("Failed to remove subscriber", { description: result.message });
        else if (result.removed) notify.success("Subscriber removed", { description: `${email} gets no more newsletters.` });
        else notify.success("Already removed", { description: `${email} was no longer on the list.` });
      }}
    />
  );
}
