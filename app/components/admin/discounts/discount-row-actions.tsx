import { CirclePause, CirclePlay, CircleStop, Trash2 } from "lucide";
import { useFetcher } from "react-router";
import { ConfirmRowAction } from "~/components/admin/list/confirm-row-action";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import type { DiscountCodeRow } from "~/modules/discounts/discount-admin.server";
import type { DiscountActionResult } from "./discount-action";

const toast = (result: DiscountActionResult, done: string, failed: string) => {
  if (result.ok) notify.success(done, { description: result.code.code });
  else notify.error(failed, { description: result.message });
};

/**
 * A code's commands in its row: pause or resume at once; end (its end set to now) and delete after
 * asking. A code some order used cannot be deleted (its orders keep it): only paused or ended.
 */
export function DiscountRowActions({ row }: { row: DiscountCodeRow }) {
  const pause = useFetcher<DiscountActionResult>();
  useFetcherResult(pause, (result) => toast(result, row.paused ? "Code resumed" : "Code paused", "Code not changed"));
  const over = row.state === "expired";
  return (
    <>
      {!over && (
        <pause.Form method="post">
          <input type="hidden" name="intent" value={row.paused ? "resume" : "pause"} />
          <input type="hidden" name="id" value={row.id} />
          <Button
            type="submit"
            variant="ghost"
            size="icon-sm"
            aria-label={`${row.paused ? "Resume" : "Pause"} ${row.code}`}
            title={row.paused ? "Resume" : "Pause"}
            disabled={pause.state !== "idle"}
          >
            <Icon of={row.paused ? CirclePlay : CirclePause} />
          </Button>
        </pause.Form>
      )}
      {!over && (
        <ConfirmRowAction<DiscountActionResult>
          label={`End ${row.code}`}
          icon={CircleStop}
          title="End code"
          question="End this code now? Shoppers who try it are told it has ended."
          detail={
            <>
              <span className="font-semibold">{row.code}</span>: orders already placed keep their discount. To offer it again, edit its end
              date.
            </>
          }
          fields={{ intent: "end", id: row.id }}
          confirm="End code"
          busy="Ending…"
          onResult={(result) => toast(result, "Code ended", "Code not ended")}
        />
      )}
      {row.orders === 0 && (
        <ConfirmRowAction<DiscountActionResult>
          label={`Delete ${row.code}`}
          icon={Trash2}
          title="Delete code"
          question="Delete this code? No order has used it."
          detail={
            <>
              <span className="font-semibold">{row.code}</span> stops working at once and leaves the list.
            </>
          }
          fields={{ intent: "delete", id: row.id }}
          confirm="Delete"
          busy="Deleting…"
          onResult={(result) => toast(result, "Code deleted", "Code not deleted")}
        />
      )}
    </>
  );
}
