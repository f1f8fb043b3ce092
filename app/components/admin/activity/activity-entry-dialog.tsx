import { History, SquareArrowOutUpRight } from "lucide";
import { Link } from "react-router";
import { DetailsDialog, DetailsField as Field, DetailsSection } from "~/components/admin/list/details-dialog";
import type { UrlDialog } from "~/components/admin/list/use-url-dialog";
import { useAdminViewer } from "~/components/admin/use-admin-viewer";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatDateTime } from "~/lib/dates";
import { activityHistoryHref } from "~/modules/activity/activity-params";
import type { ActivityRow } from "~/modules/activity/activity-read.server";
import { entrySummary, roleLabel, type DescribeOptions } from "~/modules/activity/describe-change";
import { ActivityChangesFull } from "./activity-changes";
import { areaLabel } from "./activity-columns";

const box = "rounded-md border border-border bg-white p-4";
const OPERATIONS = { created: "Created", changed: "Changed", removed: "Removed" } as const;

/**
 * One entry of the activity log in full (?entry=<id>): when to the second, who (with their role
 * then), from which address, through which form, the record, and every change with its whole
 * values; links to the product or order and to its own history.
 */
export function ActivityEntryDialog({
  dialog,
  entry,
  options,
}: {
  dialog: UrlDialog;
  entry: ActivityRow | null;
  options: DescribeOptions;
}) {
  const { can } = useAdminViewer();
  const role = entry && roleLabel(entry.actorRole);
  return (
    <DetailsDialog
      id="activity-entry"
      state={dialog.state}
      onClose={dialog.close}
      title={entry && entrySummary(entry)}
      description={
        entry && `${formatDateTime(entry.at, options.timeZone)} (${options.timeZone}) · by ${entry.actorName}${role ? `, ${role}` : ""}`
      }
      loadingLabel="Loading the entry"
      missing={{
        title: "Entry not found",
        body: "This entry of the activity log does not exist. It may have been opened from an old link.",
      }}
    >
      {entry && (
        <>
          <DetailsSection title="Who and where" className={`mt-6 ${box}`}>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field label="Person">
                {entry.actorName}
                {role && <span className="block text-stone">{role}</span>}
              </Field>
              <Field label="When">
                <time dateTime={new Date(entry.at).toISOString()} className="tabular-nums">
                  {formatDateTime(entry.at, options.timeZone)}
                </time>
                <span className="block text-xs text-stone tabular-nums">{new Date(entry.at).toISOString()} (UTC)</span>
              </Field>
              <Field label="Address">
                {entry.ip ? <span className="tabular-nums">{entry.ip}</span> : <span className="text-stone">Not recorded</span>}
              </Field>
              <Field label="Form">
                <span className="font-mono text-xs">{entry.action}</span>
              </Field>
              <Field label="Area">{areaLabel(entry.area)}</Field>
              <Field label="Record">
                {entry.kind.charAt(0).toUpperCase() + entry.kind.slice(1)}{" "}
                <span className="text-stone tabular-nums">#{entry.subjectId}</span>
                <span className="block text-stone">{OPERATIONS[entry.operation]}</span>
              </Field>
            </dl>
            <RecordLinks entry={entry} canOpenProduct={can("products.view")} canOpenOrder={can("orders.view")} />
          </DetailsSection>
          <DetailsSection
            title={
              entry.operation === "changed" ? "What changed" : entry.operation === "created" ? "What it held" : "What it held when removed"
            }
          >
            <ActivityChangesFull entry={entry} options={options} />
          </DetailsSection>
        </>
      )}
    </DetailsDialog>
  );
}

function RecordLinks({ entry, canOpenProduct, canOpenOrder }: { entry: ActivityRow; canOpenProduct: boolean; canOpenOrder: boolean }) {
  const link = buttonVariants({ variant: "outline", size: "sm" });
  if (entry.productId === null && entry.orderId === null) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-4">
      {entry.productId !== null && (
        <>
          {canOpenProduct && !(entry.kind === "product" && entry.operation === "removed") && (
            <Link to={`/admin/products?product=${entry.productId}`} className={link}>
              <Icon of={SquareArrowOutUpRight} /> Open the product
            </Link>
          )}
          <Link to={activityHistoryHref({ productId: entry.productId })} className={link}>
            <Icon of={History} /> The product's history
          </Link>
        </>
      )}
      {entry.orderId !== null && (
        <>
          {canOpenOrder && (
            <Link to={`/admin/orders?order=${entry.orderId}`} className={link}>
              <Icon of={SquareArrowOutUpRight} /> Open the order
            </Link>
          )}
          <Link to={activityHistoryHref({ orderId: entry.orderId })} className={link}>
            <Icon of={History} /> The order's history
          </Link>
        </>
      )}
    </div>
  );
}
