import { ExternalLink, PanelLeft, ShieldCheck } from "lucide";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { AdminSidebarNav } from "./admin-sidebar";
import { saveSidebarOpen } from "./sidebar-state";

const MOBILE_QUERY = "(max-width: 767px)";

/**
 * The admin frame: a sidebar of 16rem that collapses to 3rem of icons (state in a cookie,
 * read on the server, so the first paint is right), an 18rem sheet on phones, and
 * ctrl/cmd+B to toggle either.
 */
export function AdminShell({
  email,
  roleLabel,
  storeName,
  initialOpen,
  children,
}: {
  email: string;
  roleLabel: string;
  storeName: string;
  initialOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initialOpen);
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileOpen((v) => !v);
      return;
    }
    setOpen((v) => {
      saveSidebarOpen(!v);
      return !v;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  return (
    <div className="min-h-dvh bg-[#f6f2e9]" data-sidebar-state={open ? "expanded" : "collapsed"}>
      <aside
        className={cn(
          "fixed inset-y-0 left-0 z-30 hidden transition-[width] duration-200 ease-out md:block",
          open ? "w-[16rem]" : "w-[3rem]",
        )}
        aria-label="Admin sidebar"
      >
        <AdminSidebarNav collapsed={!open} storeName={storeName} />
      </aside>
      <Dialog.Root open={mobileOpen} onOpenChange={setMobileOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-charcoal/50 md:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[18rem] shadow-2xl md:hidden" aria-describedby={undefined}>
            <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
            <AdminSidebarNav collapsed={false} storeName={storeName} onNavigate={() => setMobileOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className={cn("flex min-h-dvh flex-col transition-[padding] duration-200 ease-out", open ? "md:pl-[16rem]" : "md:pl-[3rem]")}>
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-ivory/95 px-4 backdrop-blur md:px-6">
          <button
            type="button"
            onClick={toggle}
            className="inline-flex size-9 cursor-pointer items-center justify-center rounded-sm text-charcoal transition-colors hover:bg-sand focus-visible:outline-2 focus-visible:outline-gold"
            aria-label="Toggle sidebar"
            aria-expanded={open}
            title="Toggle sidebar (Ctrl+B)"
          >
            <Icon of={PanelLeft} className="size-5" />
          </button>
          <div className="h-6 w-px bg-border" aria-hidden />
          <p className="min-w-0 truncate text-sm">
            Welcome, <span className="font-semibold">{email}</span>
            <span className="ml-2 rounded-full bg-forest/10 px-2 py-0.5 text-xs font-semibold text-forest">{roleLabel}</span>
          </p>
          <Link
            to="/admin/security"
            title="Sign-in security"
            className="ml-auto inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold whitespace-nowrap text-forest underline-offset-4 hover:underline"
          >
            <Icon of={ShieldCheck} className="size-4" /> <span className="sr-only lg:not-sr-only">Sign-in security</span>
          </Link>
          <Link
            to="/"
            className="inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold whitespace-nowrap text-forest underline-offset-4 hover:underline"
          >
            View store <Icon of={ExternalLink} className="size-3.5" />
          </Link>
        </header>
        <main id="admin-main" className="flex-1 px-4 py-6 md:px-8 md:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
