import { type HeadersArgs } from "react-router";
import { Breadcrumbs } from "~/components/storefront/breadcrumbs";
import { PRIVATE_PAGE_CACHE_CONTROL, publicPageHeaders } from "~/lib/cache-control";
import { localDay } from "~/lib/dates";
import { storeNameOf } from "~/lib/store-meta";
import { customRequestAction } from "~/modules/custom-requests/custom-request-action.server";
import { budgetOptions } from "~/modules/custom-requests/custom-request.schema";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { CustomRequestPanelIsland } from "~/islands/custom-order-request";
import type { Route } from "./+types/custom-order-request";
import type { IslandsHandle } from "~/islands/pages";

/**
 * Public: the form is the same for every visitor (a signed-in customer's saved measurements
 * arrive after load from /api/my-measurements). The answer to a submission is the sender's own.
 */
export function headers({ actionHeaders }: HeadersArgs): Record<string, string> {
  if (!actionHeaders.get("Cache-Control")) return publicPageHeaders();
  // A refusal over the rate limit says when to come back, and closes a connection whose body was not read.
  const passed = ["Retry-After", "Connection"].flatMap((name) => {
    const value = actionHeaders.get(name);
    return value ? [[name, value] as const] : [];
  });
  return { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL, ...Object.fromEntries(passed) };
}

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): the form is the island; without
// JavaScript the browser posts it to the action below, from script /api/custom-request answers it in JSON.
export const handle = { islands: "custom-order-request" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Request a Custom Order | ${storeNameOf(matches)}` },
  {
    name: "description",
    content:
      "Ask our Accra tailors for a bespoke kaftan, agbada, suit or kente piece: tell us the occasion, your date and budget, and add your measurements.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getStoreSettings(context.database.db);
  return { today: localDay(settings.timezone), budgets: budgetOptions(settings.currency) };
}

/**
 * app/modules/custom-requests/custom-request-action.server.ts: rate limit, guard, photos, one
 * transaction. Without JavaScript the form posts here; from script, the same action answers in
 * JSON at /api/custom-request (routes/api/custom-request.ts).
 */
export const action = ({ request, context }: Route.ActionArgs) => customRequestAction(request, context);

const nextSteps = [
  ["A conversation", "Within two working days a tailor contacts you by email, phone or WhatsApp about the style, the cloth and your date."],
  ["A written quote", "You receive a price and a date in writing. Nothing is charged until you accept it."],
  ["Cut for you", "With your 50% deposit we reserve your place in the cutting schedule; bespoke pieces take 3–6 weeks."],
] as const;

export default function CustomOrderRequest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 pb-24 md:px-8 md:pt-10">
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Custom Orders", to: "/custom-orders" }, { label: "Request" }]} />
      <div className="mt-8 grid gap-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
        <header className="lg:sticky lg:top-28 lg:self-start">
          <p className="text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">Bespoke Tailoring</p>
          <h1 className="mt-3 text-4xl leading-[1.1] font-semibold md:text-5xl">Request a custom piece</h1>
          <p className="mt-5 max-w-md leading-relaxed text-stone">
            Tell us what you have in mind. A master tailor from our Osu workshop reads every request and comes back to you personally.
          </p>
          <ol className="mt-10 hidden max-w-md gap-6 border-l border-gold/50 pl-6 md:grid">
            {nextSteps.map(([title, text], index) => (
              <li key={title}>
                <p className="font-display text-lg font-semibold text-charcoal">
                  <span className="mr-2 text-gold-ink">{String(index + 1).padStart(2, "0")}</span>
                  {title}
                </p>
                <p className="mt-1 text-sm leading-relaxed text-stone">{text}</p>
              </li>
            ))}
          </ol>
        </header>
        <CustomRequestPanelIsland today={loaderData.today} budgets={loaderData.budgets} answer={actionData} />
      </div>
    </main>
  );
}
