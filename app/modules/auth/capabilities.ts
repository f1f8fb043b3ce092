/**
 * Who may do what in the admin (issue 48, decision 047): four staff roles, each a set of named
 * capabilities. This table is the one place a role's powers are written; the server checks a
 * capability on every admin page, form, export and API (admin-access.ts says which one each
 * needs), and the admin's menu and buttons read the same table to show only what a role may use.
 *
 * Pure and isomorphic: the browser imports it to hide what the server would refuse.
 */

export const STAFF_ROLES = ["owner", "manager", "staff", "accountant"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** A stored role: a staff role, or "customer" (no row means customer too). */
export type Role = StaffRole | "customer";

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  manager: "Manager",
  staff: "Staff",
  accountant: "Accountant",
  customer: "Customer",
};

/** What each role is for, as Settings → Staff explains it when inviting. */
export const ROLE_SUMMARIES: Record<StaffRole, string> = {
  owner: "Everything, including staff and payment settings.",
  manager:
    "Products, stock, orders, refunds, discounts, customers, custom requests, reviews and the activity log; not staff or payment settings.",
  staff: "Orders (fulfil, notes, payment links, recorded payments), custom requests, production steps and stock counts.",
  accountant: "Reads orders, payments, refunds, taxes and the activity log, and downloads the order exports. Changes nothing.",
};

/** Every capability, with what it lets a person do (the decision's table is built from these words). */
export const CAPABILITIES = {
  "dashboard.view": "See the dashboard's figures",
  "orders.view": "See orders, their payments, refunds and documents",
  "orders.fulfil": "Change an order's status, ship it, correct tracking",
  "orders.notes": "Write staff notes and messages to the customer",
  "orders.create": "Take orders for customers (drafts: prices and staff discounts)",
  "orders.export": "Download the orders CSV",
  "payments.links": "Send and revoke payment links",
  "payments.record": "Record payments taken outside (cash, transfer, MoMo) and set payment status",
  "refunds.manage": "Refund money and check refunds with Paystack",
  "products.view": "See products and their stock",
  "products.edit": "Create, edit (prices included) and delete products",
  "stock.count": "Import stock counts and download the stocktake",
  "customers.view": "See customers",
  "customers.export": "Download the customers CSV",
  "custom-requests.manage": "See custom requests, their photos, set their status and notes",
  "quotes.write": "Write and revise quotes (prices) for custom requests",
  "production.manage": "Move made-to-measure orders through production steps",
  "reviews.manage": "Approve and hide reviews",
  "newsletter.manage": "See, remove and export newsletter subscribers",
  "discounts.manage": "Create, edit and end discount codes",
  "shipping.manage": "Edit shipping zones and fees",
  "taxes.view": "See tax lines, rates and the shop's TIN",
  "taxes.manage": "Edit tax lines, rates and the shop's TIN",
  "settings.general": "Edit the store's details, logo, currencies and notifications",
  "settings.payments": "Edit payment settings (hold time, links, deposits)",
  "settings.system": "Backups, their schedule and downloads, and the Diagnostic page",
  "staff.manage": "Invite staff, change roles, suspend and remove them",
  "activity.view": "See the activity log: who changed what, when, and from where",
  "activity.export": "Download the activity log as CSV",
} as const;

export type Capability = keyof typeof CAPABILITIES;

const READ_ONLY_ORDERS: Capability[] = ["dashboard.view", "orders.view", "orders.export", "taxes.view", "activity.view"];

const STAFF_WORK: Capability[] = [
  "dashboard.view",
  "orders.view",
  "orders.fulfil",
  "orders.notes",
  "payments.links",
  "payments.record",
  "products.view",
  "stock.count",
  "custom-requests.manage",
  "production.manage",
];

const MANAGER_WORK: Capability[] = [
  ...STAFF_WORK,
  "orders.create",
  "orders.export",
  "refunds.manage",
  "products.edit",
  "customers.view",
  "customers.export",
  "quotes.write",
  "reviews.manage",
  "newsletter.manage",
  "discounts.manage",
  "shipping.manage",
  "taxes.view",
  "taxes.manage",
  "settings.general",
  "activity.view",
];

/** The table: role → what it may do. The owner may do everything. */
export const ROLE_CAPABILITIES: Record<StaffRole, ReadonlySet<Capability>> = {
  owner: new Set(Object.keys(CAPABILITIES) as Capability[]),
  manager: new Set(MANAGER_WORK),
  staff: new Set(STAFF_WORK),
  accountant: new Set(READ_ONLY_ORDERS),
};

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

/** A stored role as the shop reads it: anything unknown is a customer (never more power than written). */
export function roleOf(stored: unknown): Role {
  return isStaffRole(stored) ? stored : "customer";
}

/** Whether a role may do this. Customers and unknown roles may do nothing in the admin. */
export function can(role: Role | null | undefined, capability: Capability): boolean {
  return isStaffRole(role) && ROLE_CAPABILITIES[role].has(capability);
}

/** What a page or resource asks: one capability, or any one of several (Settings opens for any of its tabs). */
export type CapabilityNeed = Capability | { anyOf: readonly Capability[] };

export function meets(role: Role | null | undefined, need: CapabilityNeed): boolean {
  return typeof need === "string" ? can(role, need) : need.anyOf.some((c) => can(role, c));
}

/** A role's capabilities as a sorted list (what the admin layout hands the menu and buttons). */
export function capabilitiesOf(role: Role | null | undefined): Capability[] {
  return isStaffRole(role) ? [...ROLE_CAPABILITIES[role]].sort() : [];
}
