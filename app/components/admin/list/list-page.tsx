import { Download } from "lucide";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Icon, type IconNode } from "~/components/ui/icon";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ListEmptyState, type ListEmpty } from "./list-empty-state";
import { ListPagination } from "./list-pagination";
import { filtersOf } from "./list-url";
import type { UrlDialog } from "./use-url-dialog";

/** A page of the list, as the list modules return it. */
export interface ListPaging {
  /** The rows of this page (the table shows them). */
  rows: readonly unknown[];
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  /** The total is a lower bound (the count stopped at a cap). */
  totalIsCapped?: boolean;
}

/**
 * The frame of an admin list page: header (title, description, actions, Export CSV carrying
 * the list's filters), summary cards, then one card with the filter bar, the rows (or what to
 * say when there is none), the pagination, and the row's dialog.
 */
export function ListPage({
  title,
  description,
  actions,
  exportHref,
  summary,
  filters,
  dialog,
  noun,
  listing,
  empty,
  details,
  pagination,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  /** The CSV download's path, e.g. "/admin/orders/export.csv"; the list's filters are added. */
  exportHref?: string;
  summary?: ReactNode;
  filters: ReactNode;
  dialog: UrlDialog;
  /** Plural, e.g. "orders": names the card and the pagination. */
  noun: string;
  /** Null when the rows could not be loaded (children then say so). A list paged by keyset gives its rows only. */
  listing: ListPaging | { rows: readonly unknown[] } | null;
  /** A list paged by keyset (Newer / Older, no count): its KeysetPagination, in place of the numbered pages. */
  pagination?: ReactNode;
  /** When the page has no row: without filters (`none`) or with (`filtered`, offered "Clear filters"). */
  empty: { icon: IconNode; none: ListEmpty; filtered: ListEmpty };
  /** The row's dialog. */
  details?: ReactNode;
  /** The table. */
  children: ReactNode;
}) {
  const location = useLocation();
  const filterParams = filtersOf(location.search, dialog.param);
  const shownEmpty = filterParams.size ? { action: { label: "Clear filters", href: location.pathname }, ...empty.filtered } : empty.none;

  return (
    <div className="mx-auto max-w-7xl">
      <AdminPageHeader
        title={title}
        description={description}
        actions={
          (actions || exportHref) && (
            <>
              {exportHref && (
                <a
                  href={`${exportHref}${filterParams.size ? `?${filterParams}` : ""}`}
                  download
                  className={buttonVariants({ variant: "outline" })}
                >
                  <Icon of={Download} />
                  Export CSV
                </a>
              )}
              {actions}
            </>
          )
        }
      />
      {summary}
      <section aria-label={title} className="overflow-hidden rounded-md border border-border bg-ivory shadow-[0_1px_0_rgb(30_27_24/0.04)]">
        {filters}
        <div
          className={cn("border-t border-border transition-opacity", dialog.listLoading && "opacity-60")}
          aria-busy={dialog.listLoading || undefined}
        >
          {listing?.rows.length === 0 ? <ListEmptyState icon={empty.icon} empty={shownEmpty} /> : children}
        </div>
        {pagination ??
          (listing && "page" in listing && (
            <ListPagination
              page={listing.page}
              pageCount={listing.pageCount}
              pageSize={listing.pageSize}
              total={listing.total}
              totalIsCapped={listing.totalIsCapped}
              noun={noun}
              hrefFor={dialog.pageHref}
            />
          ))}
      </section>
      {details}
    </div>
  );
}
