import { LayoutDashboard, LogOut, MapPin, Package, User } from "lucide";
import { DropdownMenu } from "radix-ui";
import { usePageContext } from "~/lib/page-context";
import { signOutInPlace } from "../viewer-store";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

const item =
  "flex w-full cursor-pointer items-center gap-2.5 rounded-sm px-3 py-2.5 text-sm text-charcoal outline-none select-none data-[highlighted]:bg-sand [&_svg]:size-4 [&_svg]:text-stone";

/** Signed in: the email, My Orders, My Addresses, Admin Panel (admins only) and Sign Out (docs/product-rules.md §2). */
export function AccountMenu({ email, isAdmin, triggerClassName }: { email: string; isAdmin: boolean; triggerClassName: string }) {
  const { pathname, search } = usePageContext();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(triggerClassName, "data-[state=open]:bg-sand")}
        aria-label={`Account menu, signed in as ${email}`}
      >
        <Icon of={User} className="size-5" />
        <span className="absolute right-2 bottom-2 size-2 rounded-full bg-forest ring-2 ring-ivory" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 rounded-sm border border-border bg-ivory p-1.5 shadow-lg shadow-charcoal/10 data-[state=open]:animate-fade-up"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2.5">
            <span className="block text-[0.7rem] font-bold tracking-[0.2em] text-stone uppercase">Signed in as</span>
            <span className="mt-0.5 block truncate text-sm font-semibold text-charcoal" data-testid="account-email">
              {email}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={item}>
            <Link to="/account/orders">
              <Icon of={Package} /> My Orders
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to="/account/addresses">
              <Icon of={MapPin} /> My Addresses
            </Link>
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item asChild className={item}>
              <Link to="/admin">
                <Icon of={LayoutDashboard} /> Admin Panel
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <form method="post" action="/auth/sign-out" onSubmit={signOutInPlace}>
            <input type="hidden" name="redirectTo" value={pathname + search} />
            <DropdownMenu.Item asChild className={item} onSelect={(e) => e.preventDefault()}>
              <button type="submit">
                <Icon of={LogOut} /> Sign Out
              </button>
            </DropdownMenu.Item>
          </form>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export default AccountMenu;
