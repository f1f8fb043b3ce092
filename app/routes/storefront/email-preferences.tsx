import { BellOff, CheckCircle2, Clock3 } from "lucide";
import { data } from "react-router";
import { z } from "zod";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { Breadcrumbs } from "~/components/storefront/breadcrumbs";
import { Button } from "~/components/ui/button";
import type { IslandsHandle } from "~/islands/pages";
import { storeNameOf } from "~/lib/store-meta";
import { privatePageHeaders } from "~/lib/cache-control";
import { guardAction } from "~/modules/auth/action-guard.server";
import { optOut, readOptOutToken } from "~/modules/email/email-opt-outs.server";
import type { Route } from "./+types/email-preferences";

// Private: the link carries someone's address; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (app/islands/pages.ts, decision 021): only the shell; the button is a
// plain form posted to this route's action, which renders the answer.
export const handle = { islands: "email-preferences" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Email preferences | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

type StopState = "asking" | "stopped" | "invalid";

const stopSchema = z.object({ token: z.string().trim().min(1).max(600) });

/** The address a link's token was signed for (the shop's auth secret), or null. */
async function addressOf(context: Route.LoaderArgs["context"], token: string): Promise<string | null> {
  const { secret } = await context.auth.$context;
  return readOptOutToken(secret, token, "review-invitations");
}

/**
 * Where "No more invitations to review" lands, without signing in (docs/product-rules.md §13 "Bringing shoppers back").
 * Opening the link changes nothing (mail scanners open links too): the page asks, its button
 * stops them.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token")?.slice(0, 600) ?? "";
  const email = token ? await addressOf(context, token) : null;
  return email ? { state: "asking" as StopState, token, email } : { state: "invalid" as StopState, token: "", email: "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    { access: "anyone", schema: stopSchema, reply: (): { state: StopState } => ({ state: "invalid" }) },
  );
  if (!guarded.ok) return guarded.response;
  const email = await addressOf(context, guarded.value.token);
  if (!email) return { state: "invalid" as StopState };
  try {
    await optOut(context.database.db, email, "review-invitations");
    return { state: "stopped" as StopState };
  } catch (error) {
    context.log.error({ err: error }, "email preferences: opting out failed");
    throw data("Something went wrong", { status: 500 });
  }
}

export default function EmailPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const state: StopState = actionData?.state ?? loaderData.state;
  const title = state === "stopped" ? "No more invitations" : state === "asking" ? "Invitations to review" : "This link does not work";
  return (
    <main>
      <div className="border-b border-border bg-sand/50">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-14 md:px-8">
          <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Email preferences" }]} />
          <p className="mt-10 mb-3 text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">Email preferences</p>
          <h1 className="text-5xl font-semibold md:text-6xl">{title}</h1>
        </div>
      </div>
      <section className="mx-auto max-w-3xl px-4 py-12 md:px-8 md:py-16" aria-live="polite">
        <div className="relative overflow-hidden rounded-sm border border-border bg-white/70 px-6 pt-10 pb-12 text-center md:px-12">
          {state === "asking" && (
            <form method="post" className="flex flex-col items-center gap-6">
              <Icon of={BellOff} className="size-12 text-forest" />
              <p className="max-w-md leading-relaxed text-charcoal/85">
                After a delivery we write once to ask how the pieces wear. Press the button and {loaderData.email} will receive no more of
                these. Order and delivery emails still come.
              </p>
              <input type="hidden" name="token" value={loaderData.token} />
              <Button type="submit" size="lg" className="w-full sm:w-auto">
                Stop invitations to review
              </Button>
            </form>
          )}
          {state === "stopped" && (
            <div className="flex flex-col items-center gap-6">
              <Icon of={CheckCircle2} className="size-12 text-forest" />
              <p className="max-w-md leading-relaxed text-charcoal/85">
                Done: we will not invite you to review again. You can still review a piece from its page whenever you like.
              </p>
              <Button asChild size="lg" className="w-full sm:w-auto">
                <Link to="/collections/all">Explore the collection</Link>
              </Button>
            </div>
          )}
          {state === "invalid" && (
            <div className="flex flex-col items-center gap-6">
              <Icon of={Clock3} className="size-12 text-gold-ink" />
              <p className="max-w-md leading-relaxed text-charcoal/85">
                This link is incomplete or was not made by us. Copy the whole link from the email, or write to us and we will take you off
                the list.
              </p>
              <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                <Link to="/">Return to Home</Link>
              </Button>
            </div>
          )}
          <div className="kente-band absolute inset-x-0 bottom-0 h-1.5" aria-hidden />
        </div>
      </section>
    </main>
  );
}
