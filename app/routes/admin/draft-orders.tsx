import { FilePlus2, NotebookPen } from "lucide";
import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { listErrorBoundary } from "~/components/admin/list/list-route";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NativeSelect } from "~/components/ui/native-select";
import { formatDateTime } from "~/lib/dates";
import { requireAdmin } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { createDraftFromList } from "~/modules/staff-orders/draft-action.server";
import { listOpenDrafts } from "~/modules/staff-orders/draft-orders.server";
import { orderSourceLabel, salesChannels } from "~/modules/staff-orders/sales-channels";
import type { Route } from "./+types/draft-orders";

export const meta: Route.MetaFunction = () => [{ title: "Drafts | Admin" }];

/** Orders staff are putting together, most recently touched first (issue 46). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
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
      {drafts.length === 0 ? (
        <div className="rounded-sm border border-dashed border-border p-10 text-center">
          <Icon of={NotebookPen} className="mx-auto size-8 text-stone" />
          <p className="mt-3 font-semibold">No drafts</p>
          <p className="mt-1 text-sm text-stone">
            Start a new order above when a customer orders on WhatsApp, by phone or in the showroom.
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-sm border border-border bg-white">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Drafts, most recently changed first. Times in {timeZone} time.</caption>
            <thead className="bg-sand/50 text-left">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Draft
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Customer
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Came in by
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Pieces
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Last changed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {drafts.map((d) => (
                <tr key={d.id}>
                  <td className="px-4 py-3">
                    <Link to={`/admin/orders/drafts/${d.id}`} className="font-medium text-forest underline-offset-4 hover:underline">
                      {d.reference}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{d.customerName || <span className="text-stone">Not entered yet</span>}</td>
                  <td className="px-4 py-3">{orderSourceLabel(d.channel)}</td>
                  <td className="px-4 py-3 tabular-nums">{d.lineCount}</td>
                  <td className="px-4 py-3">
                    {formatDateTime(d.updatedAt, timeZone)} by {d.updatedBy}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = listErrorBoundary("Drafts", "drafts", "/admin/orders/drafts");
