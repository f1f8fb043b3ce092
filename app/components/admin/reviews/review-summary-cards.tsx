import { CheckCircle2, EyeOff, Hourglass, Star } from "lucide";
import { count, type Summary } from "~/components/admin/list/summary-cards";
import type { ReviewAdminSummary } from "~/modules/reviews/review-moderation.server";
import { formatRating } from "~/modules/reviews/review-display";

/** Over every review (not only the ones a filter finds). */
export const reviewSummaryCards = (summary: ReviewAdminSummary): Summary[] => [
  { label: "Awaiting approval", icon: Hourglass, value: count(summary.pending), hint: "Not shown until approved" },
  { label: "Approved", icon: CheckCircle2, value: count(summary.approved), hint: "Shown on product pages" },
  { label: "Hidden", icon: EyeOff, value: count(summary.hidden), hint: "Kept, never shown" },
  {
    label: "Average rating",
    icon: Star,
    value: summary.averageApproved === null ? "—" : `${formatRating(summary.averageApproved)} / 5`,
    hint: "Of approved reviews",
  },
];
