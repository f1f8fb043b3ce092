import { CheckCircle2 } from "lucide";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import type { CustomRequestActionResult } from "~/modules/custom-requests/custom-request-action.server";
import { CustomRequestForm } from "./custom-request-form";

/** What the form says when the shop's answer never came (offline, a proxy's error page). */
const UNREACHABLE: CustomRequestActionResult = {
  ok: false,
  photosSent: false,
  result: {
    status: "error",
    error: { "": ["We could not send your request", "Please check your connection and try again."] },
  },
};

/**
 * Request Custom Order's form, or the thanks and reference once it is sent: an island
 * (app/islands/custom-order-request.ts). `answer` is the action's, when the browser posted the
 * form itself (without JavaScript); from script the form goes to /api/custom-request and the
 * answer is shown in place, the fields kept as typed when it is refused.
 */
export function CustomRequestPanel({
  today,
  budgets,
  answer,
}: {
  today: string;
  budgets: { value: string; label: string }[];
  answer?: CustomRequestActionResult;
}) {
  const fetcher = useActionFetcher<CustomRequestActionResult>("/api/custom-request", { unreachable: UNREACHABLE });
  const result = fetcher.data ?? answer;
  if (result?.ok)
    return (
      <section role="status" className="self-start rounded-sm border border-forest/25 bg-forest/5 p-6 md:p-10">
        <Icon of={CheckCircle2} className="size-8 text-forest" />
        <h2 className="mt-4 text-3xl font-semibold">Thank you, we have your request</h2>
        <p className="mt-6 text-xs font-bold tracking-[0.28em] text-stone uppercase">Your reference</p>
        <p className="mt-1 font-display text-4xl font-semibold tracking-wide text-forest" data-testid="custom-request-reference">
          {result.reference}
        </p>
        <p className="mt-6 leading-relaxed text-charcoal/85">
          We have sent a confirmation to <strong className="break-all">{result.email}</strong>. Within two working days a tailor will
          contact you to talk through the style, the cloth and your measurements, and send you a written quote. Please quote{" "}
          {result.reference} when you write or call.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/">Continue shopping</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/custom-orders">About custom orders</Link>
          </Button>
        </div>
      </section>
    );
  return (
    <div className="rounded-sm border border-border bg-white/70 p-5 shadow-[0_1px_0_rgb(30_27_24/0.04)] md:p-10 sm:p-8">
      <CustomRequestForm
        today={today}
        budgets={budgets}
        lastResult={result && !result.ok ? result.result : undefined}
        photosSent={result && !result.ok ? result.photosSent : false}
        fetcher={fetcher}
      />
    </div>
  );
}
