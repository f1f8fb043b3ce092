import { data } from "react-router";
import { DraftEditor } from "~/components/admin/draft-orders/draft-editor";
import type { DraftEditorData } from "~/components/admin/draft-orders/draft-types";
import { listErrorBoundary } from "~/components/admin/list/list-route";
import { hasControlCharacter } from "~/lib/input";
import { requireStaffPage } from "~/modules/auth/session.server";
import { paystackConfigOf } from "~/modules/payments/online-checkout.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { runDraftAction } from "~/modules/staff-orders/draft-action.server";
import { findCustomersForDraft, findProductsForDraft, productChoice } from "~/modules/staff-orders/draft-lookups.server";
import { DraftNotFoundError, getDraft, pricedDraft } from "~/modules/staff-orders/draft-orders.server";
import type { Route } from "./+types/draft-order";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `New order ${d.draft.reference} | Admin` : "Draft not found | Admin" },
];

/** A draft, priced now by the checkout's code, with what the editor looked up (?find=, ?product=, ?customer=). */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/orders/drafts/:draftId");
  const db = context.database.db;
  const draft = await getDraft(db, params.draftId).catch((error: unknown) => {
    if (error instanceof DraftNotFoundError) throw data("Draft not found", { status: 404 });
    throw error;
  });
  // A search typed in the editor; one with control characters (never typed) is no search.
  const searchParam = (name: string) => {
    const value = url.searchParams.get(name);
    return value === null || hasControlCharacter(value) ? null : value.slice(0, 100);
  };
  const find = searchParam("find");
  const productId = Number(url.searchParams.get("product"));
  const customer = searchParam("customer");
  const [priced, settings, products, product, customers] = await Promise.all([
    pricedDraft(db, draft),
    getStoreSettings(db),
    find ? findProductsForDraft(db, find) : null,
    Number.isSafeInteger(productId) && productId > 0 && productId < 2_147_483_648 ? productChoice(db, productId) : null,
    customer ? findCustomersForDraft(db, customer) : null,
  ]);
  return {
    draft: {
      ...draft,
      lines: undefined,
      discountAmount: Number(draft.discountAmount),
      depositValue: Number(draft.depositValue),
      createdAt: draft.createdAt.toISOString(),
      updatedAt: draft.updatedAt.toISOString(),
    },
    priced,
    currency: settings.currency,
    depositPercent: settings.depositPercent,
    timeZone: settings.timezone,
    find: find === null ? null : { text: find, products: products ?? [] },
    product,
    customers: customer === null ? null : { text: customer, matches: customers ?? [] },
    paymentId: crypto.randomUUID(),
    paystackConnected: paystackConfigOf(context.config) !== null,
  } satisfies DraftEditorData & { draft: { lines: undefined; createdAt: string } };
}

/** Every button of the editor (draft-action.server.ts, admins only through the action guard). */
export const action = ({ request, context, params }: Route.ActionArgs) => runDraftAction(request, context, params.draftId);

export default function AdminDraftOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <DraftEditor data={loaderData} result={actionData} />;
}

export const ErrorBoundary = listErrorBoundary("New order", "draft", "/admin/orders/drafts");
