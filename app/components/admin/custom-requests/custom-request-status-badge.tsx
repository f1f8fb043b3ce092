import { cn } from "~/lib/cn";
import { customRequestStatusLabel, type CustomRequestStatus } from "~/modules/custom-requests/custom-request.schema";

const colours: Record<CustomRequestStatus, string> = {
  new: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  quoted: "bg-sky-100 text-sky-900 ring-sky-300",
  accepted: "bg-green-100 text-green-900 ring-green-300",
  declined: "bg-slate-100 text-slate-900 ring-slate-300",
};

/** A request's status as the admin screens show it. */
export function CustomRequestStatusBadge({ status, className }: { status: CustomRequestStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        colours[status],
        className,
      )}
    >
      {customRequestStatusLabel[status]}
    </span>
  );
}
