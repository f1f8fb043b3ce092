import { LogOut } from "lucide";
import { Form, NavLink } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { sidebarWordmarkClasses, wordmarkTier } from "~/lib/wordmark";
import { mayOpen } from "~/modules/auth/admin-access";
import { adminNav } from "./admin-nav";
import { useAdminViewer } from "./use-admin-viewer";

const itemClass =
  "group flex h-10 items-center gap-3 rounded-sm px-3 text-sm font-medium text-ivory/75 transition-colors hover:bg-ivory/10 hover:text-ivory focus-visible:outline-2 focus-visible:outline-gold [&_svg]:size-[18px] [&_svg]:shrink-0";

/** The admin navigation; `collapsed` shows icons only (names stay as tooltips and labels). */
export function AdminSidebarNav({ collapsed, storeName, onNavigate }: { collapsed: boolean; storeName: string; onNavigate?: () => void }) {
  const tier = wordmarkTier(storeName);
  // Only what the role may open (decision 047); the server refuses the rest anyway.
  const { role } = useAdminViewer();
  const items = adminNav.filter((item) => mayOpen(role, item.route));
  return (
    <div className="flex h-full flex-col bg-forest-deep text-ivory">
      <div className="kente-band h-1 shrink-0" aria-hidden />
      {/* 60 px under the 4 px band: its bottom line meets the top bar's (64 px) whatever the name's length. */}
      <div className={cn("flex h-15 shrink-0 items-center border-b border-ivory/10 py-1", collapsed ? "justify-center" : "px-5")}>
        {collapsed ? (
          <span className="font-display text-2xl text-gold-light" aria-hidden>
            {storeName.charAt(0)}
          </span>
        ) : (
          <div className="min-w-0 leading-tight">
            {/* Sized by its length (app/lib/wordmark.ts): any store name fits in two lines. */}
            <p data-wordmark={tier} title={storeName} className={cn("font-display", sidebarWordmarkClasses[tier])}>
              {storeName}
            </p>
            <p className="mt-1 text-[0.65rem] leading-none font-bold tracking-[0.25em] text-gold-light uppercase">Admin</p>
          </div>
        )}
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto p-2">
        <ul className="grid gap-1">
          {items.map(({ label, to, icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                prefetch="intent"
                onClick={onNavigate}
                title={collapsed ? label : undefined}
                aria-label={collapsed ? label : undefined}
                className={({ isActive }) =>
                  cn(
                    itemClass,
                    collapsed && "justify-center px-0",
                    isActive && "bg-ivory/12 text-ivory shadow-[inset_3px_0_0_var(--color-gold)]",
                  )
                }
              >
                <Icon of={icon} />
                {!collapsed && <span>{label}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" action="/auth/sign-out" className="border-t border-ivory/10 p-2">
        <input type="hidden" name="redirectTo" value="/" />
        <button
          type="submit"
          title={collapsed ? "Sign Out" : undefined}
          aria-label={collapsed ? "Sign Out" : undefined}
          className={cn(itemClass, "w-full cursor-pointer", collapsed && "justify-center px-0")}
        >
          <Icon of={LogOut} />
          {!collapsed && <span>Sign Out</span>}
        </button>
      </Form>
    </div>
  );
}
