import { data, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { privatePageHeaders } from "~/lib/cache-control";
import { siteOrigin } from "~/lib/http.server";
import { formatMoney, formatMoneyWithCode } from "~/lib/money";
import { storeNameOf } from "~/lib/store-meta";
import { guardAction } from "~/modules/auth/action-guard.server";
import { acceptQuote } from "~/modules/quotes/accept-quote.server";
import { acceptQuoteSchema, declineQuoteSchema } from "~/modules/quotes/quote.schema";
import { declineQuote, quoteView } from "~/modules/quotes/quotes.server";
import { formatQuoteDay, QUOTE_CLOSED } from "~/modules/quotes/quote-words";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { IslandsHandle } from "~/islands/pages";
import type { Route } from "./+types/quote";

/** Private: someone's quote; never stored (app/lib/cache-control.ts). */
export const headers: Route.HeadersFunction = () => privatePageHeaders();

// Hydrated as islands (decision 021): only the shell; accepting and declining are plain forms.
export const handle = { islands: "quote" } satisfies IslandsHandle;

/**
 * A quote's page (issue 46, part 4; docs/decisions/042): what the tailors propose, and "Accept
 * and pay the deposit" or "Decline". No account is needed: the emailed token is the key, and
 * each address may open quotes and answer them a limited number of times (counted in the
 * database, for every instance), as for payment links, so a token cannot be hunted for. A token
 * that is wrong, expired, declined or replaced says why and never shows another quote.
 */
const VIEW_LIMIT = { limit: 60, windowMs: 10 * 60_000 };
const ANSWER_LIMIT = { limit: 12, windowMs: 10 * 60_000 };
const TOO_MANY = "Too many tries from this connection. Please wait a few minutes and try again.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.database.db;
  const limit = await consumeRateLimit(db, `quote:view:${context.clientIp}`, VIEW_LIMIT);
  if (!limit.allowed)
    return data(
      { view: { state: "limited" as const }, declined: false },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds), "Cache-Control": "private, no-store" } },
    );
  const view = await quoteView(db, params.token);
  return data(
    { view, declined: false },
    { status: view.state === "unknown" ? 404 : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      intents: { accept: acceptQuoteSchema, decline: declineQuoteSchema },
      reply: (refused) => ({ message: refused.firstMessage ?? "Please try again.", declined: false }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  const limit = await consumeRateLimit(db, `quote:answer:${context.clientIp}`, ANSWER_LIMIT);
  if (!limit.allowed)
    return data({ message: TOO_MANY, declined: false }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  if (guarded.intent === "decline") {
    const declined = await declineQuote(db, params.token, guarded.value.reason);
    return declined.ok ? { message: null, declined: true } : data({ message: declined.message, declined: false }, { status: 409 });
  }
  // Everything the order holds comes from the quote's row: nothing else in the post is read.
  const settings = await getStoreSettings(db);
  const accepted = await acceptQuote(db, params.token, { origin: siteOrigin(context), storeName: settings.storeName });
  if (!accepted.ok) return data({ message: accepted.message, declined: false }, { status: 409 });
  return redirect(accepted.next === "pay" ? new URL(accepted.payUrl).pathname : `/order-confirmation/${accepted.orderId}`);
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  {
    title:
      d?.view && "quote" in d.view
        ? `Your quote for ${d.view.quote.reference} | ${storeNameOf(matches)}`
        : `Quote | ${storeNameOf(matches)}`,
  },
  { name: "robots", content: "noindex" },
  // The token never leaves in a Referer to another site (as on the payment link's page).
  { name: "referrer", content: "same-origin" },
];

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  if (view.state === "limited") return <Closed heading="Please wait a moment" message={TOO_MANY} />;
  if (view.state === "unknown") return <Closed heading="Quote not found" message={QUOTE_CLOSED.unknown} />;
  if (actionData?.declined)
    return (
      <Closed
        heading="Thank you for letting us know"
        message="You declined this quote. If you would like something different, reply to our email or call us: we are glad to write a new one."
      />
    );
  if (view.state === "expired" || view.state === "declined" || view.state === "superseded")
    return (
      <Closed
        heading={{ expired: "This quote has expired", declined: "Quote declined", superseded: "This quote was replaced" }[view.state]}
        message={QUOTE_CLOSED[view.state]}
      />
    );
  const { quote } = view;
  const money = (pesewas: number) => formatMoney(pesewas, quote.currency);
  const accepted = view.state === "accepted";
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 md:px-8 md:py-16">
      <p className="text-xs font-semibold tracking-[0.25em] text-gold-ink uppercase">
        Custom request {quote.reference} · Quote {quote.version}
      </p>
      <h1 className="mt-3 text-4xl font-semibold md:text-5xl">Your bespoke {quote.garmentType.toLowerCase()}</h1>
      <p className="mt-3 text-stone">
        Dear {quote.customerName.split(" ")[0]}, here is what our tailors propose.{" "}
        {accepted
          ? "You have accepted this quote: it is your order now."
          : `This quote holds until ${formatQuoteDay(quote.validUntil)}. Nothing is charged until you accept it and pay the deposit.`}
      </p>

      {quote.message && (
        <blockquote className="mt-8 border-l-2 border-gold pl-5 font-display text-xl leading-relaxed whitespace-pre-line text-charcoal italic">
          {quote.message}
        </blockquote>
      )}

      <section aria-labelledby="quote-heading" className="mt-8 rounded-sm border border-border bg-white/70 p-6">
        <h2 id="quote-heading" className="text-2xl font-semibold">
          The pieces
        </h2>
        <ul className="mt-4 divide-y divide-border">
          {quote.lines.map((line, i) => (
            <li key={i} className="flex justify-between gap-4 py-3">
              <div>
                <p className="font-medium">{line.description}</p>
                <p className="text-sm text-stone">
                  {`${line.quantity} × ${money(line.unitPrice)} · about ${line.productionDays} days to make`}
                </p>
              </div>
              <p className="font-semibold tabular-nums">{money(line.unitPrice * line.quantity)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-2 border-t border-border pt-4 text-sm">
          <Row label="Collection" value="From our showroom in Osu" />
          <Row label="Time to make" value={`About ${quote.productionDays} days from your deposit`} />
          <div className="flex justify-between border-t border-border pt-3 text-lg font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="quote-total">
              {formatMoneyWithCode(quote.total, quote.currency)}
            </dd>
          </div>
          <Row label="Deposit to begin" value={money(quote.deposit)} testId="quote-deposit" />
          <Row label="Balance, when your garment is ready" value={money(quote.total - quote.deposit)} />
        </dl>
      </section>

      {actionData?.message && (
        <p role="alert" className="mt-6 rounded-sm border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {actionData.message}
        </p>
      )}

      <form method="post" className="mt-8">
        <button
          type="submit"
          name="intent"
          value="accept"
          className="flex min-h-14 w-full items-center justify-center rounded-sm bg-charcoal px-6 py-4 font-semibold text-ivory transition-colors hover:bg-forest focus-visible:ring-2 focus-visible:ring-gold focus-visible:ring-offset-2 focus-visible:outline-none sm:w-auto"
        >
          {accepted
            ? "Continue to your order's payment"
            : `Accept and pay the ${formatMoneyWithCode(quote.deposit, quote.currency)} deposit`}
        </button>
        <p className="mt-3 text-xs text-stone">
          You pay by card or mobile money through Paystack on the next page. We never see your card number or PIN.
        </p>
      </form>

      {!accepted && (
        <details className="mt-10 border-t border-border pt-6">
          <summary className="cursor-pointer text-sm font-medium underline underline-offset-4">Not for you? Decline this quote</summary>
          <form method="post" className="mt-4 grid gap-3">
            <label htmlFor="decline-reason" className="text-sm font-medium">
              What should we change? (optional)
            </label>
            <textarea
              id="decline-reason"
              name="reason"
              rows={3}
              maxLength={1000}
              className="w-full rounded-sm border border-border bg-white p-3 text-sm focus-visible:ring-2 focus-visible:ring-gold focus-visible:outline-none"
            />
            <button
              type="submit"
              name="intent"
              value="decline"
              className="justify-self-start rounded-sm border border-charcoal px-5 py-3 text-sm font-semibold transition-colors hover:bg-charcoal hover:text-ivory focus-visible:ring-2 focus-visible:ring-gold focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              Decline the quote
            </button>
          </form>
        </details>
      )}
    </main>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Closed({ heading, message }: { heading: string; message: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-4xl font-semibold md:text-5xl">{heading}</h1>
      <p className="mt-4 text-stone" data-testid="quote-message">
        {message}
      </p>
      <Link to="/" className="mt-8 underline underline-offset-4">
        Back to the shop
      </Link>
    </main>
  );
}
