import { CheckCircle2, FileText, Inbox, XCircle } from "lucide";
import { count, type Summary } from "~/components/admin/list/summary-cards";
import type { CustomRequestSummary } from "~/modules/custom-requests/custom-requests-admin.server";

/** Over every request (not only the ones a filter finds). */
export const customRequestSummaryCards = (summary: CustomRequestSummary): Summary[] => [
  { label: "New", icon: Inbox, value: count(summary.new), hint: "Waiting for a reply" },
  { label: "Quoted", icon: FileText, value: count(summary.quoted), hint: "Quote sent to the customer" },
  { label: "Accepted", icon: CheckCircle2, value: count(summary.accepted), hint: "Going ahead" },
  { label: "Declined", icon: XCircle, value: count(summary.declined), hint: "Not going ahead" },
];
