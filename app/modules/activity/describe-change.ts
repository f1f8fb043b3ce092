import { formatDateTime } from "~/lib/dates";
import { formatMoney, type CurrencyCode } from "~/lib/money";
import { ROLE_LABELS, roleOf } from "~/modules/auth/capabilities";
import type { ActivityEntry } from "./activity-log.server";

/**
 * The activity log in words (decision 049): what an entry did ("Changed product Royal Kente
 * Kaftan", "Created refund on order ORD-123456") and each change as a person reads it ("Price:
 * ₵299.99 → ₵300.99", "Stock: 5 → 3", "Status: Paid → Shipped"). The database stores columns and
 * raw values (`{ price: [29999, 30099] }`); this module knows the columns' names and kinds.
 * Pure and isomorphic: the Activity page, the product and order histories and the CSV share it.
 */

/** The parts of an entry the words are made from. */
export type DescribedEntry = Pick<ActivityEntry, "kind" | "operation" | "subjectLabel" | "changes"> & {
  /**
   * A discount code's type when the entry does not carry it (a change of value only): whether
   * its value is a percentage or an amount. Looked up by the server (activity-context.server.ts).
   */
  discountKind?: string | null;
};

export interface DescribeOptions {
  currency: CurrencyCode;
  timeZone: string;
}

export interface ChangeLine {
  field: string;
  label: string;
  /** The value before, in words; null for an addition (nothing before). */
  before: string | null;
  /** The value after, in words; null for a removal (nothing after). */
  after: string | null;
  /** A secret: recorded as changed, never with its values. */
  hidden: boolean;
  /** Bookkeeping (ids, keys, creation times): listed last, and only in full details. */
  technical: boolean;
}

/** What a secret's change reads as. */
export const HIDDEN_VALUE = "changed (not shown)";

/**
 * Column → label, in the order changes are listed (the database's JSON keeps its own order).
 * One table for every audited table: a column name means the same thing wherever it appears.
 */
const LABELS: Record<string, string> = {
  // Products, variants, colours, collections
  name: "Name",
  code: "Code",
  reference: "Reference",
  order_number: "Order number",
  email: "Email",
  role: "Role",
  suspended_at: "Suspended",
  price: "Price",
  original_price: "Original price",
  stock: "Stock",
  color: "Colour",
  size: "Size",
  sku: "SKU",
  order_status: "Status",
  payment_status: "Payment",
  status: "Status",
  amount: "Amount",
  kind: "Type",
  value: "Value",
  description: "Description",
  category_id: "Collection",
  image_url: "Picture",
  images: "Pictures",
  hex: "Colour swatch",
  is_active: "Active on the storefront",
  is_featured: "Featured",
  is_new: "New badge",
  is_bestseller: "Bestseller badge",
  sizes: "Sizes",
  materials: "Materials",
  care: "Care",
  made_to_measure: "Made to measure",
  made_to_measure_surcharge: "Made-to-measure surcharge",
  made_to_measure_days: "Production time (working days)",
  sort_order: "Order in lists",
  position: "Position",
  // Orders
  customer_name: "Customer",
  customer_email: "Customer email",
  customer_phone: "Customer phone",
  customer_address: "Address",
  customer_country: "Country",
  customer_region: "Region",
  subtotal_amount: "Subtotal",
  shipping_amount: "Shipping",
  discount_amount: "Discount",
  discount_reason: "Discount reason",
  total_amount: "Total",
  paid_amount: "Paid",
  deposit_amount: "Deposit",
  refunded_amount: "Refunded",
  currency: "Currency",
  payment_method: "Payment method",
  method: "Method",
  payment_due_at: "Payment due",
  shipping_zone: "Shipping zone",
  delivery_estimate: "Delivery estimate",
  shipping_carrier: "Carrier",
  tracking_number: "Tracking number",
  tracking_url: "Tracking link",
  cash_collected_at: "Cash collected",
  cash_collected_by: "Cash collected by",
  source: "Channel",
  channel: "Channel",
  placed_by: "Taken by",
  discount_code: "Discount code",
  discount_code_kind: "Discount code type",
  discount_code_value: "Discount code value",
  discount_code_saving: "Discount code saving",
  tax_snapshot: "Taxes",
  delivery: "Delivery",
  lines: "Lines",
  notes: "Notes",
  // Notes, production, payments, refunds
  body: "Text",
  author_name: "Author",
  step: "Step",
  back: "Moved back",
  note: "Note",
  moved_by: "Moved by",
  customer_emailed_at: "Customer emailed",
  reason: "Reason",
  failure_message: "Failure",
  provider: "Provider",
  transaction_reference: "Transaction",
  provider_refund_id: "Paystack refund",
  provider_refund_reference: "Paystack refund reference",
  requested_by: "Requested by",
  processed_at: "Processed",
  checked_at: "Checked with Paystack",
  recorded_by: "Recorded by",
  purpose: "Purpose",
  expires_at: "Expires",
  revoked_at: "Revoked",
  revoked_by: "Revoked by",
  paid_at: "Paid",
  emailed_to: "Emailed to",
  // Discount codes
  minimum_subtotal: "Minimum subtotal",
  starts_at: "Starts",
  ends_at: "Ends",
  usage_limit: "Uses allowed",
  per_customer_limit: "Uses per customer",
  scope: "Applies to",
  collection_ids: "Collections",
  product_ids: "Products",
  exclude_sale_items: "Leaves out sale items",
  customer_emails: "Customers",
  paused: "Paused",
  // Shipping zones
  areas: "Areas",
  is_rest_of_world: "Rest of the world",
  fee: "Fee",
  free_shipping_threshold: "Free shipping from",
  delivery_min_days: "Delivery from (days)",
  delivery_max_days: "Delivery up to (days)",
  pay_on_delivery: "Pay on delivery",
  // Reviews
  rating: "Rating",
  title: "Title",
  photo_url: "Photo",
  moderated_by: "Moderated by",
  moderated_at: "Moderated",
  // Custom requests and quotes
  garment_type: "Garment",
  occasion: "Occasion",
  date_needed: "Needed by",
  budget: "Budget",
  measurements: "Measurements",
  photos: "Photos",
  staff_notes: "Staff notes",
  version: "Version",
  deposit_kind: "Deposit type",
  deposit_value: "Deposit",
  valid_until: "Valid until",
  message: "Message",
  accepted_at: "Accepted",
  declined_at: "Declined",
  decline_reason: "Reason declined",
  superseded_at: "Replaced",
  // Staff, invitations, accounts, two-step sign-in
  invited_by: "Invited by",
  email_verified: "Email verified",
  image: "Photo",
  two_factor_enabled: "Two-step sign-in",
  verified: "Verified",
  failed_verification_count: "Failed codes",
  locked_until: "Locked until",
  secret: "Authenticator key",
  backup_codes: "Recovery codes",
  token_hash: "Link",
  confirmation_token_hash: "Confirmation link",
  // Newsletter, backups, files
  confirmed_at: "Confirmed",
  confirmation_expires_at: "Confirmation expires",
  confirmation_sent_at: "Confirmation sent",
  confirmations_sent: "Confirmations sent",
  scheduled_for: "Scheduled for",
  started_at: "Started",
  finished_at: "Finished",
  host: "Server",
  file_name: "File",
  size_bytes: "Size",
  sha256: "Checksum",
  row_count: "Rows",
  s3_key: "Object storage key",
  s3_error: "Object storage error",
  error: "Error",
  pruned_at: "Pruned",
  content_type: "Type",
  bytes: "Contents",
  path: "Path",
  created_by: "Created by",
  updated_by: "Changed by",
  created_at: "Created",
};

/** Bookkeeping columns: kept in the entry's details, left out of the list's summary. */
const TECHNICAL = new Set([
  "id",
  "slug",
  "product_id",
  "order_id",
  "request_id",
  "user_id",
  "author_id",
  "payment_attempt_id",
  "discount_code_id",
  "moved_by_user_id",
  "recorded_by_user_id",
  "requested_by_user_id",
  "accepted_user_id",
  "idempotency_key",
  "email_key",
  "client_key",
  "created_at",
  "updated_by",
  "created_by",
  "position",
  "sort_order",
]);

/** Amounts in pesewas, whatever the table. */
const MONEY = new Set([
  "price",
  "original_price",
  "amount",
  "total_amount",
  "subtotal_amount",
  "shipping_amount",
  "fee",
  "free_shipping_threshold",
  "minimum_subtotal",
  "discount_amount",
  "refunded_amount",
  "paid_amount",
  "deposit_amount",
  "made_to_measure_surcharge",
  "discount_code_saving",
]);

/** Values shown as the admin's status words ("partially_refunded" → "Partially refunded"). */
const WORDS = new Set([
  "order_status",
  "payment_status",
  "status",
  "kind",
  "step",
  "scope",
  "source",
  "channel",
  "payment_method",
  "method",
  "purpose",
  "deposit_kind",
  "discount_code_kind",
  "provider",
]);

/** Settings (one entry per setting; its field is "value"): the label of each key. */
const SETTING_LABELS: Record<string, string> = {
  currency: "Currency",
  timezone: "Time zone",
  maintenanceMode: "Maintenance mode",
  emailNotifications: "Email notifications",
  orderNotifications: "Order notifications",
  customerNotifications: "Customer notifications",
  storeName: "Store name",
  logo: "Logo",
  contactEmail: "Contact email",
  contactPhone: "Contact phone",
  contactAddress: "Contact address",
  whatsappNumber: "WhatsApp number",
  instagramUrl: "Instagram",
  facebookUrl: "Facebook",
  tiktokUrl: "TikTok",
  xUrl: "X",
  paymentHoldMinutes: "Payment hold (minutes)",
  paymentLinkHours: "Payment link open (hours)",
  depositPercent: "Deposit (%)",
  exchangeRates: "Exchange rates",
  backupTime: "Daily backup time",
  backupKeepDaily: "Daily backups kept",
  backupKeepWeekly: "Weekly backups kept",
  alertEmail: "Alert email",
  reviewInvitationDays: "Review invitation (days after delivery)",
  staffTwoFactorRequired: "Two-step sign-in required for staff",
  confirmRefundsAbove: "Confirm refunds above",
  taxes: "Taxes",
  tin: "TIN",
  zeroRateExports: "Zero-rate exports",
  zeroRatedZoneIds: "Zero-rated shipping zones",
  auth_secret: "Sign-in secret",
};
const SETTING_MONEY = new Set(["confirmRefundsAbove"]);
/** Settings never shown, whatever the database recorded. */
const SETTING_SECRETS = new Set(["auth_secret"]);

/** "made_to_measure_days" / "zeroRateExports" → "Made to measure days" / "Zero rate exports". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function settingLabel(key: string): string {
  return SETTING_LABELS[key] ?? humanise(key);
}

/** A field's label in an entry of this kind. */
export function fieldLabel(kind: string, field: string, subjectLabel: string | null = null): string {
  if (kind === "setting") return field === "value" && subjectLabel ? settingLabel(subjectLabel) : settingLabel(field);
  if (kind === "discount code" && field === "value") return "Discount";
  if (kind === "order" && field === "notes") return "Customer's notes";
  if (kind === "variant" && field === "color") return "Colour";
  return LABELS[field] ?? humanise(field);
}

const words = (text: string) => {
  const spaced = text.replaceAll("_", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};
const ISO_MOMENT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d(:?\d\d)?)$/;
const asInteger = (value: unknown) =>
  typeof value === "number" && Number.isSafeInteger(value)
    ? value
    : typeof value === "string" && /^-?\d{1,15}$/.test(value)
      ? Number(value)
      : null;

/** How a value of this field reads as a percentage, an amount, or neither. */
function unitOf(entry: DescribedEntry, field: string): "money" | "percent" | null {
  if (entry.kind === "setting") {
    const key = field === "value" ? (entry.subjectLabel ?? "") : field;
    return SETTING_MONEY.has(key) ? "money" : key === "depositPercent" ? "percent" : null;
  }
  if (MONEY.has(field)) return "money";
  const kindOf = (column: string) => {
    const pair = entry.changes[column];
    return Array.isArray(pair) ? (pair[1] ?? pair[0]) : undefined;
  };
  if (field === "value" && entry.kind === "discount code") {
    const kind = kindOf("kind") ?? entry.discountKind;
    return kind === "fixed" ? "money" : kind === "percentage" ? "percent" : null;
  }
  if (field === "discount_code_value") {
    const kind = kindOf("discount_code_kind");
    return kind === "fixed" ? "money" : kind === "percentage" ? "percent" : null;
  }
  if (field === "deposit_value") {
    const kind = kindOf("deposit_kind");
    return kind === "amount" ? "money" : kind === "percent" ? "percent" : null;
  }
  return null;
}

/** One value in words: amounts in the shop's currency, times in its time zone, yes/no, lists. */
export function formatValue(entry: DescribedEntry, field: string, value: unknown, options: DescribeOptions): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const unit = unitOf(entry, field);
  const whole = asInteger(value);
  if (unit === "money" && whole !== null) return formatMoney(whole, options.currency);
  if (unit === "percent" && whole !== null) return `${whole}%`;
  if (typeof value === "number") return value.toLocaleString("en-GB");
  if (typeof value === "string") {
    if (value === "") return "empty";
    if (ISO_MOMENT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, options.timeZone);
    if (field === "role") return roleLabel(value) ?? value;
    if (WORDS.has(field)) return words(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (value.every((item) => item === null || ["string", "number", "boolean"].includes(typeof item)))
      return value.map((item) => formatValue(entry, field, item, options)).join(", ");
  }
  return JSON.stringify(value);
}

/** An entry's changes in words, important fields first, bookkeeping last. */
export function describeChanges(entry: DescribedEntry, options: DescribeOptions): ChangeLine[] {
  const secretSetting = entry.kind === "setting" && SETTING_SECRETS.has(entry.subjectLabel ?? "");
  const order = Object.keys(LABELS);
  const rank = (field: string) => {
    const at = order.indexOf(field);
    return (TECHNICAL.has(field) ? 2000 : 0) + (at === -1 ? 1000 : at);
  };
  return Object.keys(entry.changes)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((field) => {
      const pair = entry.changes[field];
      const label = fieldLabel(entry.kind, field, entry.subjectLabel);
      const technical = TECHNICAL.has(field);
      if (pair === "hidden" || !Array.isArray(pair) || secretSetting)
        return { field, label, before: null, after: null, hidden: true, technical };
      const [before, after] = pair;
      return {
        field,
        label,
        before: entry.operation === "created" ? null : formatValue(entry, field, before, options),
        after: entry.operation === "removed" ? null : formatValue(entry, field, after, options),
        hidden: false,
        technical,
      };
    });
}

/** The entry's changes as recorded, with a secret setting's values masked as the trigger masks other secrets. */
export function shownChanges(entry: DescribedEntry): DescribedEntry["changes"] {
  if (!(entry.kind === "setting" && SETTING_SECRETS.has(entry.subjectLabel ?? ""))) return entry.changes;
  return Object.fromEntries(Object.keys(entry.changes).map((field) => [field, "hidden" as const]));
}

/** "…" after `max` characters (on a word boundary when one is near), on one line. */
export function shorten(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A change's values joined: "₵299.99 → ₵300.99", or the one value of an addition or removal. */
export function changeValues(line: ChangeLine, max?: number): string {
  if (line.hidden) return HIDDEN_VALUE;
  const cut = (text: string) => (max === undefined ? text : shorten(text, max));
  if (line.before === null) return cut(line.after ?? "none");
  if (line.after === null) return cut(line.before);
  return `${cut(line.before)} → ${cut(line.after)}`;
}

/** "Price: ₵299.99 → ₵300.99" (values shortened to `max` characters when given). */
export function changeText(line: ChangeLine, max?: number): string {
  return `${line.label}: ${changeValues(line, max)}`;
}

/** Every change on one line, values in full ("Price: ₵299.99 → ₵300.99; Stock: 5 → 3"): the CSV's cell. */
export function changesInOneLine(entry: DescribedEntry, options: DescribeOptions): string {
  return describeChanges(entry, options)
    .map((line) => changeText(line))
    .join("; ");
}

const OPERATIONS = { created: "Created", changed: "Changed", removed: "Removed" } as const;
/** Rows that belong to an order and are named by its number. */
const ON_ORDER = new Set(["refund", "recorded payment", "payment link", "note", "production step"]);

/** What the entry did, in a sentence: "Changed product Royal Kente Kaftan", "Created refund on order ORD-123456". */
export function entrySummary(entry: Pick<DescribedEntry, "kind" | "operation" | "subjectLabel">): string {
  const verb = OPERATIONS[entry.operation] ?? words(entry.operation);
  const label = entry.subjectLabel?.trim();
  if (entry.kind === "setting") return `${verb} setting ${label ? settingLabel(label) : ""}`.trimEnd();
  if (ON_ORDER.has(entry.kind) && label) return `${verb} ${entry.kind} on order ${label}`;
  return label ? `${verb} ${entry.kind} ${label}` : `${verb} ${entry.kind}`;
}

/** "Owner", "Manager"…; a role the shop no longer knows reads as written. */
export function roleLabel(role: string | null): string | null {
  if (!role) return null;
  const known = roleOf(role);
  return known === "customer" && role !== "customer" ? words(role) : ROLE_LABELS[known];
}
