import { cn } from "~/lib/cn";
import type { ReviewStatus } from "~/modules/reviews/review.schema";

const colours: Record<ReviewStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  approved: "bg-green-100 text-green-900 ring-green-300",
  hidden: "bg-slate-100 text-slate-900 ring-slate-300",
};

export const reviewStatusLabel: Record<ReviewStatus, string> = { pending: "Awaiting approval", approved: "Approved", hidden: "Hidden" };

/** A review's status as the admin screens show it: awaiting approval yellow, approved green, hidden slate. */
export function ReviewStatusBadge({ status, className }: { status: ReviewStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        colours[status],
        className,
      )}
    >
      {reviewStatusLabel[status]}
    </span>
  );
}
