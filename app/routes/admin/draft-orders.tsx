import { FilePlus2, NotebookPen } from "lucide";
import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { draftListColumns } from "~/components/admin/draft-orders/draft-list-columns";
import { DataTable } from "~/components/admin/list/data-table";
import { ListEmptyState } from "~/components/admin/list/list-empty-state";
import { listErrorBoundary } from "~/components/admin/list/list-route";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NativeSelect } from "~/components/ui/native-select";
import { requireStaffPage } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { createDraftFromList } from "~/modules/staff-orders/draft-action.server";
import { listOpenDrafts } from "~/modules/staff-orders/draft-orders.server";
import { salesChannels } from "~/modules/staff-orders/sales-channels";
import type { Route } from "./+types/draft-orders";

export const meta: Route.MetaFunction = () => [{ title: "Drafts | Admin" }];

/** Orders staff are putting together, most recently touched first (issue 46). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/orders/drafts");
  const db = context.database.db;
  const [drafts, settings] = await Promise.all([listOpenDrafts(db), getStoreSettings(db)]);
  return { drafts: drafts.map((d) => ({ ...d, updatedAt: d.updatedAt.toISOString() })), timeZone: settings.timezone };
}

/** "New order": a draft taken through the channel chosen, opened at once. */
export const action = ({ request, context }: Route.ActionArgs) => createDraftFromList(request, context);

export default function AdminDraftOrders({ loaderData: { drafts, timeZone } }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Drafts"
        description="Orders taken on WhatsApp, by phone or in the showroom, still being put together. Anyone on staff can pick one up."
        actions={
          <Link to="/admin/orders" className="text-sm underline underline-offset-4">
            All orders
          </Link>
        }
      />
      <Form method="post" className="mb-6 flex flex-wrap items-end gap-3 rounded-sm border border-border bg-white p-4">
        <div className="grid gap-1.5">
          <label htmlFor="new-order-channel" className="text-sm font-medium">
            The order came in by
          </label>
          <NativeSelect id="new-order-channel" name="channel" defaultValue="whatsapp" className="w-56">
            {salesChannels.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">
          <Icon of={FilePlus2} /> New order
        </Button>
      </Form>
      <div className="overflow-hidden rounded-sm border border-border bg-white">
        {drafts.length === 0 ? (
          <ListEmptyState
            icon={NotebookPen}
            empty={{
              title: "No drafts",
              body: "Start a new order above when a customer orders on WhatsApp, by phone or in the showroom.",
            }}
          />
        ) : (
          <DataTable
            rows={drafts}
            columns={draftListColumns(timeZone)}
            rowKey={(d) => d.id}
            caption={`Drafts, most recently changed first. Times in ${timeZone} time.`}
            label="Drafts"
            minWidth="min-w-[40rem]"
          />
        )}
      </div>
    </>
  );
}

export const ErrorBoundary = listErrorBoundary("Drafts", "drafts", "/admin/orders/drafts");
