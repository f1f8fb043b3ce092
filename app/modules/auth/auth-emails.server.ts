import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";

interface AccountEmailData {
  storeName: string;
  to: string;
  name: string;
  url: string;
}

const greeting = (name: string) => (name.trim() ? `Akwaaba, ${name.trim().split(/\s+/)[0]}` : "Akwaaba");

export function verificationEmail({ storeName, to, name, url }: AccountEmailData): OutgoingEmail {
  const { html, text } = renderEmail({
    storeName,
    preheader: `Confirm your email to finish creating your ${storeName} account.`,
    heading: greeting(name),
    paragraphs: [
      `Thank you for creating an account with ${storeName}. Please confirm that this is your email address; the link signs you in.`,
      "The link works for 24 hours. If you did not create an account, ignore this email and nothing will happen.",
    ],
    button: { label: "Verify my email", url },
    footer: `You are receiving this email because someone signed up at ${storeName} with this address.`,
  });
  return { to, subject: `Verify your email for ${storeName}`, html, text, kind: "verify-email" };
}

export function passwordResetEmail({ storeName, to, name, url }: AccountEmailData): OutgoingEmail {
  const { html, text } = renderEmail({
    storeName,
    preheader: `Choose a new password for your ${storeName} account.`,
    heading: name.trim() ? `Reset your password, ${name.trim().split(/\s+/)[0]}` : "Reset your password",
    paragraphs: [
      "We received a request to reset the password of your account. Choose a new one with the button below.",
      "The link works once, for one hour. Setting a new password signs you out everywhere else. If you did not ask for this, ignore this email: your password stays as it is.",
    ],
    button: { label: "Choose a new password", url },
    footer: `You are receiving this email because a password reset was requested at ${storeName}.`,
  });
  return { to, subject: `Reset your ${storeName} password`, html, text, kind: "password-reset" };
}
