import { createContext, useContext, useState, type ReactNode } from "react";

/**
 * Server-rendered markup inside an island, with none of its code in the browser (decision 040).
 * The order's page is one island (it redraws itself while a payment is awaited), but what the
 * workshop has done with the garment never changes in the browser: the route renders it and
 * hands it in through `ServerSlotsProvider`; the island places `<ServerSlot name="…" />` where it
 * belongs. In the browser the slot keeps the HTML the server wrote, read before hydration
 * (Preact leaves `dangerouslySetInnerHTML` alone while hydrating, and the same string again on
 * a later render), so the island's script carries a few lines instead of the component.
 */
const ServerSlots = createContext<Readonly<Record<string, ReactNode>> | null>(null);

export function ServerSlotsProvider({ slots, children }: { slots: Readonly<Record<string, ReactNode>>; children: ReactNode }) {
  return <ServerSlots.Provider value={slots}>{children}</ServerSlots.Provider>;
}

export function ServerSlot({ name, className }: { name: string; className?: string }) {
  const slots = useContext(ServerSlots);
  const [html] = useState(() =>
    slots === null && typeof document !== "undefined"
      ? (document.querySelector(`[data-server-slot="${CSS.escape(name)}"]`)?.innerHTML ?? null)
      : null,
  );
  if (slots !== null) {
    const node = slots[name];
    return node === undefined || node === null || node === false ? null : (
      <div data-server-slot={name} className={className}>
        {node}
      </div>
    );
  }
  return html === null ? null : <div data-server-slot={name} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
