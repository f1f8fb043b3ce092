import { Mail } from "lucide";
import { DataTable } from "~/components/admin/list/data-table";
import { loadAdminList } from "~/modules/admin-lists/admin-list-loader.server";
import { ListPage } from "~/components/admin/list/list-page";
import { listErrorBoundary, listMeta } from "~/components/admin/list/list-route";
import { SummaryCards } from "~/components/admin/list/summary-cards";
import { useUrlDialog } from "~/components/admin/list/use-url-dialog";
import { removeSubscriberFromList } from "~/modules/newsletter/subscriber-action.server";
import { subscriberColumns } from "~/components/admin/newsletter/subscriber-columns";
import { SubscriberFilters } from "~/components/admin/newsletter/subscriber-filters";
import { subscriberSummaryCards } from "~/components/admin/newsletter/subscriber-summary-cards";
import { listSubscribers, subscriberSummary } from "~/modules/newsletter/subscribers.server";
import { subscribersQueryFromUrl } from "~/modules/newsletter/subscribers.schema";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/newsletter";

export const meta = listMeta("Newsletter");

/** The list has no row dialog; the kit's URL dialog still carries its paging links. */
const NO_DIALOG = "subscriber";

export async function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, "admin/newsletter", "newsletter subscribers", async (db, params) => {
    const query = subscribersQueryFromUrl(params);
    const settings = await getStoreSettings(db);
    const [list, summary] = await Promise.all([listSubscribers(db, query), subscriberSummary(db, settings.timezone)]);
    return { list, summary, timeZone: settings.timezone, search: query.search ?? "" };
  });
}

/** Remove (unsubscribe) an address, admins only (guardAction). */
export async function action({ request, context }: Route.ActionArgs) {
  return removeSubscriberFromList(request, context);
}

export default function AdminNewsletter({ loaderData: { list, summary, timeZone, search } }: Route.ComponentProps) {
  const dialog = useUrlDialog(NO_DIALOG, null);
  return (
    <ListPage
      title="Newsletter"
      description="Who signed up in the footer. Only confirmed addresses are subscribers; the export holds only them."
      exportHref="/admin/newsletter/export.csv"
      summary={<SummaryCards cards={subscriberSummaryCards(summary)} />}
      filters={<SubscriberFilters />}
      dialog={dialog}
      noun="sign-ups"
      listing={list}
      empty={{
        icon: Mail,
        none: { title: "No sign-ups yet", body: "Addresses appear here when shoppers sign up in the footer, and count once they confirm." },
        filtered: {
          title: "No matching sign-ups",
          body: search ? `No address with "${search}" matches these filters.` : "No sign-up has this status.",
        },
      }}
    >
      <DataTable
        rows={list.rows}
        columns={subscriberColumns(timeZone)}
        rowKey={(s) => s.id}
        caption={`Newsletter sign-ups, newest first. Dates in ${timeZone} time.`}
        label="Newsletter sign-ups"
        minWidth="min-w-[44rem]"
      />
    </ListPage>
  );
}

export const ErrorBoundary = listErrorBoundary("Newsletter", "newsletter subscribers", "/admin/newsletter");
