import { useRevalidator, useRouteError } from "react-router";
import { DashboardError } from "~/components/admin/dashboard/dashboard-error";
import { DashboardStatCards } from "~/components/admin/dashboard/dashboard-stats";
import { PaymentsAttentionPanel } from "~/components/admin/dashboard/payments-attention";
import { PaystackNotice } from "~/components/admin/dashboard/paystack-notice";
import { StaleRatesNotice } from "~/components/admin/dashboard/stale-rates-notice";
import { QuickActions } from "~/components/admin/dashboard/quick-actions";
import { RecentActivity } from "~/components/admin/dashboard/recent-activity";
import { RevenueChart } from "~/components/admin/dashboard/revenue-chart";
import { AdminPageHeader } from "~/components/admin/page-header";
import { dashboardStats, quickActionCounts, recentActivity, revenueByDay } from "~/modules/reports/dashboard-stats.server";
import { requireStaffPage } from "~/modules/auth/session.server";
import { staleExchangeRates } from "~/modules/currency/exchange-rates.server";
import { paystackConfigOf } from "~/modules/payments/online-checkout.server";
import { paymentsNeedingAttention } from "~/modules/payments/payments-attention.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

/** Which query failed, in docs/product-rules.md §8's words ("Error fetching orders: …"). */
async function labelled<T>(what: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw Object.assign(new Error(`Error fetching ${what}`), { cause: error });
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin");
  const db = context.database.db;
  try {
    const [settings, stats, activity, quick, revenue, staleRates, payments] = await Promise.all([
      labelled("settings", getStoreSettings(db)),
      labelled("figures", dashboardStats(db)),
      labelled("orders", recentActivity(db, 8)),
      labelled("products", quickActionCounts(db, { lowStockLimit: 6 })),
      labelled("revenue", revenueByDay(db, { days: 30 })),
      labelled("settings", staleExchangeRates(db)),
      labelled("payments", paymentsNeedingAttention(db)),
    ]);
    const paystackConnected = paystackConfigOf(context.config) !== null;
    return { ok: true as const, timeZone: settings.timezone, stats, activity, quick, revenue, paystackConnected, staleRates, payments };
  } catch (error) {
    context.log.error({ err: error }, "dashboard figures could not be loaded");
    // The admin sees which part failed and a reference for the log line, never a stack trace.
    const what = error instanceof Error && error.message.startsWith("Error fetching") ? error.message : "Unexpected error";
    return {
      ok: false as const,
      message: `${what}: the database did not answer as expected. Please try again in a moment.`,
      reference: context.requestId,
    };
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return (
    <>
      <AdminPageHeader title="Dashboard" description="How the shop is doing today, and what needs attention." />
      {!loaderData.ok ? (
        <DashboardError
          message={loaderData.message}
          reference={loaderData.reference}
          retrying={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      ) : (
        <div className="space-y-6">
          {(loaderData.payments.disputes.length > 0 || loaderData.payments.refunds.length > 0) && (
            <PaymentsAttentionPanel attention={loaderData.payments} timeZone={loaderData.timeZone} />
          )}
          {!loaderData.paystackConnected && <PaystackNotice />}
          {loaderData.staleRates.length > 0 && <StaleRatesNotice currencies={loaderData.staleRates} />}
          <DashboardStatCards stats={loaderData.stats} />
          <RevenueChart days={loaderData.revenue} currency={loaderData.stats.currency} timeZone={loaderData.timeZone} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
            <RecentActivity items={loaderData.activity} timeZone={loaderData.timeZone} className="lg:col-span-3" />
            <QuickActions counts={loaderData.quick} className="lg:col-span-2" />
          </div>
        </div>
      )}
    </>
  );
}

/** Anything the loader did not catch (it catches the queries) still shows docs/product-rules.md's error state. */
export function ErrorBoundary() {
  const error = useRouteError();
  // In the browser only: on the server, entry.server.tsx's handleError has logged it already.
  if (typeof document !== "undefined") console.error(error);
  return (
    <>
      <AdminPageHeader title="Dashboard" />
      <DashboardError
        message={`Unexpected error: ${error instanceof Error ? "the page could not be shown" : "Unknown error"}. Please try again.`}
        onRetry={() => window.location.reload()}
      />
    </>
  );
}
