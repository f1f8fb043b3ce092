import type { Capability, CapabilityNeed, Role } from "./capabilities";
import { meets } from "./capabilities";

/**
 * What every admin route asks (decision 047), keyed by its path exactly as app/routes.ts writes
 * it: `page` is what its loader needs (opening the page, downloading the file), `forms` what each
 * form it posts needs, by the form's `intent` (a page whose one form has no intent names it here
 * and passes the name to guardAction as `form`). The server reads this table in requireStaffPage
 * and guardAction; the access matrix test (tests/integration/access-matrix.test.ts) reads
 * app/routes.ts and the pages' intent schemas and fails for a route or intent missing here.
 *
 * A new admin page: add its path here with the capability that opens it, call
 * `requireStaffPage(request, context, "<path>")` in its loader, and give guardAction
 * `access: { route: "<path>" }` with every intent listed under `forms`.
 */
export interface AdminRouteRule {
  page: CapabilityNeed;
  forms?: Readonly<Record<string, Capability>>;
}

const orderForms = {
  status: "orders.fulfil",
  ship: "orders.fulfil",
  tracking: "orders.fulfil",
  "staff-note": "orders.notes",
  "customer-message": "orders.notes",
  payment: "payments.record",
  "record-payment": "payments.record",
  "cash-collected": "payments.record",
  "send-link": "payments.links",
  "revoke-link": "payments.links",
  refund: "refunds.manage",
  "check-refund": "refunds.manage",
  production: "production.manage",
} as const satisfies Record<string, Capability>;

const draftForms = {
  save: "orders.create",
  "find-product": "orders.create",
  "choose-product": "orders.create",
  "find-customer": "orders.create",
  "use-customer": "orders.create",
  "add-product": "orders.create",
  "add-custom": "orders.create",
  "remove-line": "orders.create",
  "place-link": "orders.create",
  "place-recorded": "orders.create",
  "place-on-delivery": "orders.create",
  discard: "orders.create",
} as const satisfies Record<string, Capability>;

const settingsForms = {
  general: "settings.general",
  currencies: "settings.general",
  notifications: "settings.general",
  payments: "settings.payments",
  taxes: "taxes.manage",
  "backup-schedule": "settings.system",
  "back-up-now": "settings.system",
  "invite-staff": "staff.manage",
  "revoke-invitation": "staff.manage",
  "change-role": "staff.manage",
  "suspend-staff": "staff.manage",
  "reactivate-staff": "staff.manage",
  "remove-staff": "staff.manage",
} as const satisfies Record<string, Capability>;

/** The Settings tabs and what each needs (the page opens for any of them). */
export const SETTINGS_TABS = {
  general: "settings.general",
  payments: "settings.payments",
  taxes: "taxes.view",
  currencies: "settings.general",
  staff: "staff.manage",
  notifications: "settings.general",
  system: "settings.system",
} as const satisfies Record<string, Capability>;

export const ADMIN_ROUTES = {
  admin: { page: "dashboard.view" },
  "admin/products": {
    page: "products.view",
    forms: { create: "products.edit", update: "products.edit", delete: "products.edit", "import-stock": "stock.count" },
  },
  "admin/orders": { page: "orders.view", forms: orderForms },
  "admin/orders/drafts": { page: "orders.create", forms: { new: "orders.create" } },
  "admin/orders/drafts/:draftId": { page: "orders.create", forms: draftForms },
  "admin/customers": { page: "customers.view" },
  "admin/reviews": { page: "reviews.manage", forms: { moderate: "reviews.manage" } },
  // Every staff member's own sign-in (decision 048); the rules for all staff are the owner's.
  "admin/security": {
    page: "dashboard.view",
    forms: {
      "start-setup": "dashboard.view",
      "finish-setup": "dashboard.view",
      "turn-off": "dashboard.view",
      "new-codes": "dashboard.view",
      "confirm-identity": "dashboard.view",
      "sign-in-rules": "staff.manage",
    },
  },
  "admin/discounts": {
    page: "discounts.manage",
    forms: {
      create: "discounts.manage",
      update: "discounts.manage",
      pause: "discounts.manage",
      resume: "discounts.manage",
      end: "discounts.manage",
      delete: "discounts.manage",
    },
  },
  "admin/shipping": { page: "shipping.manage", forms: { create: "shipping.manage", update: "shipping.manage", delete: "shipping.manage" } },
  "admin/settings": { page: { anyOf: [...new Set(Object.values(SETTINGS_TABS))] }, forms: settingsForms },
  // "Make Current User Admin" is also open to anyone signed in while the shop has no owner at all.
  "admin/diagnostic": { page: "settings.system", forms: { "claim-admin": "settings.system" } },
  "admin/newsletter": { page: "newsletter.manage", forms: { remove: "newsletter.manage" } },
  "admin/custom-requests": { page: "custom-requests.manage", forms: { update: "custom-requests.manage", quote: "quotes.write" } },
  "admin/settings/logo": { page: "settings.general", forms: { upload: "settings.general", remove: "settings.general" } },
  "admin/custom-requests/photos/:name": { page: "custom-requests.manage" },
  "admin/orders/export.csv": { page: "orders.export" },
  "admin/products/stock.csv": { page: "stock.count" },
  "admin/orders/:orderId/:document": { page: "orders.view" },
  "admin/customers/export.csv": { page: "customers.export" },
  "admin/newsletter/export.csv": { page: "newsletter.manage" },
  "admin/backups/:backupId/download": { page: "settings.system" },
  // The activity log (decision 049): read by owner, manager and accountant; exported by the owner.
  "admin/activity": { page: "activity.view" },
  "admin/activity/export.csv": { page: "activity.export" },
} as const satisfies Record<string, AdminRouteRule>;

export type AdminRoutePath = keyof typeof ADMIN_ROUTES;

const rules: Record<string, AdminRouteRule> = ADMIN_ROUTES;

/** Whether a role may open an admin route (its loader). */
export function mayOpen(role: Role | null | undefined, route: AdminRoutePath): boolean {
  return meets(role, rules[route]!.page);
}

/** The capability a route's form needs, or undefined for a form the table does not name (refused). */
export function formCapability(route: AdminRoutePath, form: string | null | undefined): Capability | undefined {
  if (!form) return undefined;
  const forms = rules[route]!.forms;
  return forms && Object.hasOwn(forms, form) ? forms[form] : undefined;
}
