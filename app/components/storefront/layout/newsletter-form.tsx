import { ArrowRight, Check } from "lucide";
import { useState, type FormEvent } from "react";
import { Icon } from "~/components/ui/icon";
import type { NewsletterResult } from "~/routes/api/newsletter";

const COULD_NOT_SEND: NewsletterResult = { ok: false, error: "We could not reach the shop. Check your connection and try again." };

/** Posts the address to /api/newsletter and says what came back, without leaving the page. */
async function subscribe(form: HTMLFormElement): Promise<NewsletterResult> {
  try {
    const response = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
    const isJson = response.headers.get("Content-Type")?.includes("application/json");
    return isJson ? ((await response.json()) as NewsletterResult) : COULD_NOT_SEND;
  } catch {
    return COULD_NOT_SEND;
  }
}

export function NewsletterForm() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NewsletterResult | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    const answer = await subscribe(form);
    setBusy(false);
    setResult(answer);
    if (answer.ok) form.reset();
  };

  return (
    <form method="post" action="/api/newsletter" className="space-y-3" onSubmit={(event) => void onSubmit(event)}>
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <div className="flex overflow-hidden rounded-sm border border-ivory/25 bg-ivory/5 focus-within:border-gold">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          className="h-12 min-w-0 flex-1 bg-transparent px-4 text-sm text-ivory placeholder:text-ivory/60 focus:outline-none"
        />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex cursor-pointer items-center gap-2 bg-gold px-4 text-xs font-bold tracking-[0.14em] text-charcoal uppercase transition-colors hover:bg-gold-light disabled:opacity-70"
        >
          {busy ? "Joining…" : "Subscribe"}
          <Icon of={ArrowRight} className="size-4" />
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {result?.ok && (
          <span className="inline-flex items-center gap-2 text-gold-light">
            <Icon of={Check} className="size-4" /> {result.message}
          </span>
        )}
        {result && !result.ok && <span className="text-[#ffb4a8]">{result.error}</span>}
      </p>
    </form>
  );
}
