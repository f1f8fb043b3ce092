import { Trash2 } from "lucide";
import { ConfirmRowAction } from "~/components/admin/list/confirm-row-action";
import { notify } from "~/components/ui/toaster";
import type { ZoneActionResult } from "./zone-action";

/** A zone row's delete button: asks first, then deletes through a fetcher. */
export function DeleteZoneButton({ id, name }: { id: number; name: string }) {
  return (
    <ConfirmRowAction<ZoneActionResult>
      label={`Delete ${name}`}
      icon={Trash2}
      title="Delete zone"
      question="Are you sure you want to delete this shipping zone?"
      detail={
        <>
          <span className="font-semibold">{name}</span>: its countries will ship at the rest-of-world fee and estimate from now on. Orders
          already placed keep what they were charged.
        </>
      }
      fields={{ intent: "delete", id }}
      confirm="Delete"
      busy="Deleting…"
      onResult={(result) => {
        if (result.ok)
          notify.success("Zone deleted", { description: `${name}'s addresses are now priced by the next zone that covers them.` });
        else notify.error("Zone not deleted", { description: result.message });
      }}
    />
  );
}
