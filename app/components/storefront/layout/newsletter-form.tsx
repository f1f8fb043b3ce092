import { ArrowRight, Check } from "lucide";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { NewsletterResult } from "~/routes/api/newsletter";

export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  return (
    <fetcher.Form ref={formRef} method="post" action="/api/newsletter" className="space-y-3" noValidate={false}>
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
    </fetcher.Form>
  );
}
