import { MapPin, Package } from "lucide";
import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { Link } from "~/components/ui/link";
import { cn } from "~/lib/cn";

const tabs = [
  { to: "/account/orders", label: "Orders", icon: Package },
  { to: "/account/addresses", label: "Addresses", icon: MapPin },
] as const;

/**
 * The frame of the customer's own pages (/account/orders, /account/addresses): who is signed in
 * and the two sections. Server HTML only: its links are plain links, nothing here is hydrated.
 */
export function AccountShell({
  email,
  current,
  title,
  children,
}: {
  email: string;
  current: (typeof tabs)[number]["to"];
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-12 md:px-8 md:py-16">
      <p className="mb-3 text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">My account</p>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <h1 className="text-4xl font-semibold md:text-5xl">{title}</h1>
        <p className="text-sm text-stone">
          Signed in as <span className="font-semibold break-all text-charcoal">{email}</span>
        </p>
      </div>
      <nav aria-label="My account" className="mt-8 border-b border-border">
        <ul className="-mb-px flex gap-6">
          {tabs.map((tab) => {
            const active = tab.to === current;
            return (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-flex items-center gap-2 border-b-2 pb-3 text-sm font-semibold tracking-[0.14em] uppercase transition-colors",
                    active ? "border-gold text-charcoal" : "border-transparent text-stone hover:text-charcoal",
                  )}
                >
                  <Icon of={tab.icon} className="size-4" />
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </main>
  );
}
