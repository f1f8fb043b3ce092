import { data } from "react-router";
import { siteOrigin } from "~/lib/http.server";
import { newsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { NEWSLETTER_RULES, subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { guardAction } from "~/modules/auth/action-guard.server";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/newsletter";

export type NewsletterResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * The same answer whether the address is new, waiting for confirmation or already subscribed:
 * the form must not tell anyone which addresses are on the list.
 */
export const NEWSLETTER_THANKS = "Thank you! Check your inbox for our confirmation link (unless you are already on our list).";

/**
 * The footer's newsletter form: a few sign-ups per client address an hour, then the address
 * is stored unconfirmed and a confirmation link emailed (app/modules/newsletter).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: newsletterSchema,
      reply: (refused): NewsletterResult => ({
        ok: false,
        error: refused.firstMessage ?? "Please enter a valid email address.",
      }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  try {
    const limit = await consumeRateLimit(db, `newsletter:ip:${context.clientIp}`, NEWSLETTER_RULES.perAddress);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return data<NewsletterResult>(
        {
          ok: false,
          error: `Too many sign-ups from your connection. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const { storeName } = await getStoreSettings(db);
    const { emailed } = await subscribeToNewsletter(db, guarded.value.email, { origin: siteOrigin(context), storeName });
    if (emailed) context.email.nudge();
  } catch (error) {
    context.log.error({ err: error }, "newsletter subscription failed");
    return data<NewsletterResult>({ ok: false, error: "We could not sign you up just now. Please try again." }, { status: 500 });
  }
  return data<NewsletterResult>({ ok: true, message: NEWSLETTER_THANKS });
}
