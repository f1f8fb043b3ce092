import { Activity, LayoutDashboard, Mail, MessageSquareText, Package, Scissors, Settings, ShoppingCart, Truck, Users } from "lucide";
import type { IconNode } from "~/components/ui/icon";

export interface AdminNavItem {
  label: string;
  to: string;
  icon: IconNode;
  /** Only the exact path counts as current (the dashboard is the index). */
  end?: boolean;
}

export const adminNav: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin", icon: LayoutDashboard, end: true },
  { label: "Products", to: "/admin/products", icon: Package },
  { label: "Orders", to: "/admin/orders", icon: ShoppingCart },
  { label: "Customers", to: "/admin/customers", icon: Users },
  { label: "Custom requests", to: "/admin/custom-requests", icon: Scissors },
  { label: "Reviews", to: "/admin/reviews", icon: MessageSquareText },
  { label: "Newsletter", to: "/admin/newsletter", icon: Mail },
  { label: "Shipping", to: "/admin/shipping", icon: Truck },
  { label: "Settings", to: "/admin/settings", icon: Settings },
  { label: "Diagnostic", to: "/admin/diagnostic", icon: Activity },
];
