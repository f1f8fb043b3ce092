import {
  Activity,
  History,
  LayoutDashboard,
  Mail,
  MessageSquareText,
  Package,
  Scissors,
  Settings,
  ShoppingCart,
  TicketPercent,
  Truck,
  Users,
} from "lucide";
import type { IconNode } from "~/components/ui/icon";
import type { AdminRoutePath } from "~/modules/auth/admin-access";

export interface AdminNavItem {
  label: string;
  to: string;
  /** The route it opens (admin-access.ts): the menu shows the entry only to a role that may open it. */
  route: AdminRoutePath;
  icon: IconNode;
  /** Only the exact path counts as current (the dashboard is the index). */
  end?: boolean;
}

export const adminNav: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin", route: "admin", icon: LayoutDashboard, end: true },
  { label: "Products", to: "/admin/products", route: "admin/products", icon: Package },
  { label: "Orders", to: "/admin/orders", route: "admin/orders", icon: ShoppingCart },
  { label: "Customers", to: "/admin/customers", route: "admin/customers", icon: Users },
  { label: "Custom requests", to: "/admin/custom-requests", route: "admin/custom-requests", icon: Scissors },
  { label: "Reviews", to: "/admin/reviews", route: "admin/reviews", icon: MessageSquareText },
  { label: "Newsletter", to: "/admin/newsletter", route: "admin/newsletter", icon: Mail },
  { label: "Discounts", to: "/admin/discounts", route: "admin/discounts", icon: TicketPercent },
  { label: "Shipping", to: "/admin/shipping", route: "admin/shipping", icon: Truck },
  { label: "Activity", to: "/admin/activity", route: "admin/activity", icon: History },
  { label: "Settings", to: "/admin/settings", route: "admin/settings", icon: Settings },
  { label: "Diagnostic", to: "/admin/diagnostic", route: "admin/diagnostic", icon: Activity },
];
