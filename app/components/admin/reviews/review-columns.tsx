import { Camera } from "lucide";
import { Icon } from "~/components/ui/icon";
import { DetailsLink } from "~/components/admin/list/details-link";
import { DateTimeCell, type Column } from "~/components/admin/list/data-table";
import { ReviewStars, starsLabel } from "~/components/storefront/product/reviews/review-stars";
import { formatDateTime } from "~/lib/dates";
import type { AdminReviewRow } from "~/modules/reviews/review-moderation.server";
import { ReviewModerationButtons } from "./review-moderation-buttons";
import { ReviewStatusBadge } from "./review-status-badge";

const excerpt = (r: AdminReviewRow) => (
  <>
    {r.title && <span className="font-semibold text-charcoal">{r.title} · </span>}
    <span className="text-stone">{r.body.length > 110 ? `${r.body.slice(0, 110).trimEnd()}…` : r.body}</span>
    {r.photoUrl && <Icon of={Camera} className="ml-1.5 inline size-3.5 text-stone" aria-label="With a photo" />}
  </>
);

const rating = (r: AdminReviewRow) => <ReviewStars rating={r.rating} size="sm" label={starsLabel(r.rating)} />;

/** Reviews newest first: product and author, rating, the text's start, status, date, actions. */
export function reviewColumns(timeZone: string, detailsHref: (id: string) => string): Column<AdminReviewRow>[] {
  return [
    {
      header: "Review",
      rowHeader: true,
      className: "font-normal",
      cell: (r) => (
        <>
          <div className="font-semibold text-charcoal">{r.productName}</div>
          <div className="text-xs text-stone">by {r.authorName}</div>
          <div className="mt-1 max-w-md text-sm leading-snug">{excerpt(r)}</div>
        </>
      ),
      phone: [
        { role: "title", cell: (r) => r.productName },
        { role: "trailing", cell: (r) => <ReviewStatusBadge status={r.status} /> },
        { role: "subtitle", cell: (r) => <span>by {r.authorName}</span> },
        { role: "subtitle", cell: (r) => <span className="line-clamp-2">{excerpt(r)}</span> },
      ],
    },
    { header: "Rating", className: "whitespace-nowrap", cell: rating, phone: [{ role: "meta", cell: rating }] },
    { header: "Status", cell: (r) => <ReviewStatusBadge status={r.status} />, phone: "hidden" },
    {
      header: "Written",
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => <DateTimeCell at={r.updatedAt} timeZone={timeZone} />,
      phone: [
        { role: "meta", label: "Written", cell: (r) => <span className="tabular-nums">{formatDateTime(r.updatedAt, timeZone)}</span> },
      ],
    },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (r) => (
        <div className="flex flex-wrap justify-end gap-2">
          <ReviewModerationButtons review={r} />
          <DetailsLink to={detailsHref(String(r.id))} of={`${r.authorName}'s review of ${r.productName}`} />
        </div>
      ),
      phone: "actions",
    },
  ];
}
