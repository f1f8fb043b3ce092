import { MessageCircle } from "lucide";
import { Icon } from "~/components/ui/icon";
import { whatsappLink } from "~/modules/settings/contact-links";
import { useRootData } from "~/lib/page-context";
import { useStoreProfile } from "../use-store-settings";

/**
 * "Ask about this piece": WhatsApp click-to-chat with the shop's number (Settings → General),
 * the message naming the product and its page. Shown only when the shop has a WhatsApp number.
 */
export function AskOnWhatsApp({ productName, productPath }: { productName: string; productPath: string }) {
  const { contact } = useStoreProfile();
  // The canonical origin (siteOrigin: PUBLIC_URL), never the request's Host.
  const origin = useRootData()?.origin ?? "";
  const href = whatsappLink(contact.whatsapp, `Hello, I would like to ask about the ${productName}: ${origin}${productPath}`);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-center gap-4 rounded-sm border border-border bg-white/70 px-5 py-4 transition-colors hover:border-forest focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-forest text-gold" aria-hidden>
        <Icon of={MessageCircle} className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-bold tracking-[0.08em] text-charcoal uppercase">Ask about this piece</span>
        <span className="block text-sm text-stone">Chat with our tailors on WhatsApp about fit, cloth or delivery.</span>
      </span>
      <span className="sr-only"> (WhatsApp, opens in a new tab)</span>
    </a>
  );
}
