import { CheckCircle2, Clock3 } from "lucide";
import { data } from "react-router";
import { z } from "zod";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { Breadcrumbs } from "~/components/storefront/breadcrumbs";
import { Button } from "~/components/ui/button";
import { storeNameOf } from "~/lib/store-meta";
import { privatePageHeaders } from "~/lib/cache-control";
import { guardAction } from "~/modules/auth/action-guard.server";
import { confirmNewsletterSubscription, isConfirmationPending } from "~/modules/newsletter/newsletter.server";
import { NewsletterConfirmIsland } from "~/islands/newsletter-confirm";
import type { Route } from "./+types/newsletter-confirm";
import type { IslandsHandle } from "~/islands/pages";

// Private: the link carries someone's token; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Hydrated as islands (declared in app/islands/pages.ts, decision 021): the form posts natively.
export const handle = { islands: "newsletter-confirm" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Confirm your subscription | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

type ConfirmState = "pending" | "confirmed" | "invalid";

const tokenSchema = z.object({ token: z.string().trim().min(1).max(200) });

/**
 * Where the newsletter email's link lands. Opening it confirms nothing (mail scanners open
 * links too): the page asks, and its button confirms (the action).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token")?.slice(0, 200) ?? "";
  const pending = await isConfirmationPending(context.database.db, token);
  return { state: (pending ? "pending" : "invalid") as ConfirmState, token: pending ? token : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    { access: "anyone", schema: tokenSchema, reply: (): { state: ConfirmState } => ({ state: "invalid" }) },
  );
  if (!guarded.ok) return guarded.response;
  try {
    return { state: await confirmNewsletterSubscription(context.database.db, guarded.value.token) };
  } catch (error) {
    context.log.error({ err: error }, "newsletter confirmation failed");
    throw data("Something went wrong", { status: 500 });
  }
}

const copy: Record<ConfirmState, { eyebrow: string; title: string; intro: string }> = {
  pending: {
    eyebrow: "The Ahenfie Letter",
    title: "Confirm your subscription",
    intro:
      "One last step: confirm that you would like our letters from Accra. New kaftans, suits and kente, the stories behind the cloth, and first word of private sales.",
  },
  confirmed: {
    eyebrow: "The Ahenfie Letter",
    title: "You are on the list",
    intro: "Thank you for confirming. Our next letter from the Accra workshop will find you in your inbox.",
  },
  invalid: {
    eyebrow: "The Ahenfie Letter",
    title: "This link has expired",
    intro:
      "This confirmation link is no longer valid: it has expired or has already been used. If you confirmed before, you are already on the list.",
  },
};

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state: ConfirmState = actionData?.state ?? loaderData.state;
  const text = copy[state];
  return (
    <main>
      <div className="border-b border-border bg-sand/50">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-14 md:px-8">
          <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Newsletter" }]} />
          <p className="mt-10 mb-3 text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">{text.eyebrow}</p>
          <h1 className="text-5xl font-semibold md:text-6xl">{text.title}</h1>
          <p className="mt-5 text-lg leading-relaxed text-stone">{text.intro}</p>
        </div>
      </div>
      <section className="mx-auto max-w-3xl px-4 py-12 md:px-8 md:py-16" aria-live="polite">
        <div className="relative overflow-hidden rounded-sm border border-border bg-white/70 px-6 pt-10 pb-12 text-center md:px-12">
          {state === "pending" && <NewsletterConfirmIsland token={loaderData.token} />}
          {state === "confirmed" && (
            <div className="flex flex-col items-center gap-6">
              <Icon of={CheckCircle2} className="size-12 text-forest" />
              <p className="max-w-md leading-relaxed text-charcoal/85">
                Meanwhile, the collection awaits: kaftans, suits and kente, cut and finished by hand in our Accra workshop.
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
                To receive our letters, enter your email in the form at the foot of this page: we will send you a fresh link.
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
