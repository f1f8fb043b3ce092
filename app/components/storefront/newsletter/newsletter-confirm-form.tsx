import { MailCheck } from "lucide";
import { useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";

/**
 * The newsletter link's "Confirm my subscription": a form the browser posts to the page's own
 * action (routes/storefront/newsletter-confirm.tsx), with or without JavaScript. An island
 * (app/islands/newsletter-confirm.ts) only so the button says it is on its way.
 */
export function NewsletterConfirmForm({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <form method="post" className="flex flex-col items-center gap-6" onSubmit={() => setBusy(true)}>
      <Icon of={MailCheck} className="size-12 text-forest" />
      <p className="max-w-md leading-relaxed text-charcoal/85">
        Press the button to confirm. Changed your mind? Simply close this page: you will not be subscribed.
      </p>
      <input type="hidden" name="token" value={token} />
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Confirming…" : "Confirm my subscription"}
      </Button>
    </form>
  );
}
