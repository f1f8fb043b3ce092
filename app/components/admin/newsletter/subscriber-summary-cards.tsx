import { CalendarPlus, Hourglass, MailCheck } from "lucide";
import { count, type Summary } from "~/components/admin/list/summary-cards";
import type { SubscriberSummary } from "~/modules/newsletter/subscribers.server";

/** The figures above the newsletter list, over every sign-up. */
export const subscriberSummaryCards = (summary: SubscriberSummary): Summary[] => [
  { label: "Subscribers", icon: MailCheck, value: count(summary.confirmed), hint: "Confirmed by email: the ones you may write to" },
  { label: "Pending", icon: Hourglass, value: count(summary.pending), hint: "Signed up, link not followed yet" },
  { label: "New this month", icon: CalendarPlus, value: count(summary.confirmedThisMonth), hint: "Confirmed since the 1st" },
];
