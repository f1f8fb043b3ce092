import { data } from "react-router";
import { newsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { isSameOrigin } from "~/lib/http.server";
import type { Route } from "./+types/newsletter";

export type NewsletterResult = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data("Method not allowed", { status: 405 });
  if (!isSameOrigin(request)) return data<NewsletterResult>({ ok: false, error: "This form must be sent from the shop." }, { status: 403 });
  const parsed = newsletterSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data<NewsletterResult>(
      { ok: false, error: parsed.error.issues[0]?.message ?? "Please enter a valid email address." },
      { status: 400 },
    );
  }
  let created: boolean;
  try {
    ({ created } = await subscribeToNewsletter(context.database.db, parsed.data.email));
  } catch (error) {
    context.log.error({ err: error }, "newsletter subscription failed");
    return data<NewsletterResult>({ ok: false, error: "We could not sign you up just now. Please try again." }, { status: 500 });
  }
  return data<NewsletterResult>({
    ok: true,
    message: created ? "Thank you for subscribing! Look out for our next letter from Accra." : "You're already on our list — thank you!",
  });
}
