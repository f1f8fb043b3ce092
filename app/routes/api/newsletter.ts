import { data } from "react-router";
import { newsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { guardAction } from "~/modules/auth/action-guard.server";
import type { Route } from "./+types/newsletter";

export type NewsletterResult = { ok: true; message: string } | { ok: false; error: string };

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
  let created: boolean;
  try {
    ({ created } = await subscribeToNewsletter(context.database.db, guarded.value.email));
  } catch (error) {
    context.log.error({ err: error }, "newsletter subscription failed");
    return data<NewsletterResult>({ ok: false, error: "We could not sign you up just now. Please try again." }, { status: 500 });
  }
  return data<NewsletterResult>({
    ok: true,
    message: created ? "Thank you for subscribing! Look out for our next letter from Accra." : "You're already on our list — thank you!",
  });
}
