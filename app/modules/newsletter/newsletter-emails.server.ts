import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";

/** The double opt-in email: one button confirms; doing nothing subscribes nobody. */
export function newsletterConfirmationEmail({ storeName, to, url }: { storeName: string; to: string; url: string }): OutgoingEmail {
  const { html, text } = renderEmail({
    storeName,
    preheader: `One click to receive the ${storeName} letter from Accra.`,
    heading: "Confirm your subscription",
    paragraphs: [
      `Akwaaba! Someone, we hope you, asked to receive the ${storeName} letter at this address: new kaftans, suits and kente from our Accra workshop, the stories behind the cloth, and first word of private sales.`,
      "Please confirm with the button below. Until you do, we will not send you anything else.",
      "The link works for 7 days. If you did not ask for this, ignore this email: you will not be subscribed.",
    ],
    button: { label: "Confirm my subscription", url },
    footer: `You are receiving this email because this address was entered in the newsletter form at ${storeName}.`,
  });
  return { to, subject: `Please confirm your subscription to ${storeName}`, html, text, kind: "newsletter-confirmation" };
}
