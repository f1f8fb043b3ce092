import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { isSameOrigin } from "~/lib/http.server";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from "~/lib/input";
import { actAsStaff } from "~/modules/activity/activity-actor.server";
import { formCapability, type AdminRoutePath } from "./admin-access";
import { can } from "./capabilities";
import { requireStaff, requireUser, roleRefusal, type Viewer } from "./session.server";

/**
 * The one gate in front of every mutation (docs: "method, session, role, CSRF/origin, input
 * schema, through one shared guard"). In that order:
 *
 *   1. method    anything but the allowed methods: thrown 405 with `Allow`
 *   2. session   `access: "user" | { route }` and nobody signed in: thrown redirect to /auth (and back)
 *   3. role      `access: { route }` (an admin route of admin-access.ts) and a customer or a
 *                suspended member: thrown 403 (the admin Access Denied screen)
 *   4. origin    a post from another site: 403, answered through `reply` (webhooks opt out)
 *   5. input     the body must be a form (URL-encoded or multipart): anything else is 415, a form
 *                that cannot be read 400; no field name or value may hold a control character
 *                (NUL, which PostgreSQL refuses in text, and the like: 400 naming the field) and no
 *                list index may pass MAX_FORM_LIST_INDEX (400); then the form through Conform's
 *                parseWithZod with the route's schema (or, for a page with several forms, the
 *                schema its `intent` field picks): 400 with field errors
 *   3b. capability  for an admin route, once the form is known (its `intent`, or the `form` the
 *                route names for its one intent-less form): the capability admin-access.ts gives
 *                that form, else thrown 403 naming the role (a form the table does not name is
 *                refused too, so a new intent must be declared before anyone can post it)
 *
 * What passes comes back as `{ ok: true, value, viewer, intent }`; a refusal at 4 or 5 as
 * `{ ok: false, response }`, the response built by the route's `reply` (by default Conform's
 * submission result, which `useForm({ lastResult })` shows under the fields).
 */

type Schema = z.ZodType;
type ReplyOptions<E> = NonNullable<Parameters<Submission<unknown, E>["reply"]>[0]>;

/**
 * Who may post: anybody, anyone signed in, staff whose role has the capability admin-access.ts
 * gives this route's form (`form`: the name of a form posted without an `intent` field), or a
 * route's own rule returning the viewer.
 */
export type Access = "anyone" | "user" | StaffAccess | ((request: Request, context: AppLoadContext) => Promise<Viewer>);

export interface StaffAccess {
  route: AdminRoutePath;
  form?: string;
}

type ViewerFor<A extends Access> = A extends "anyone" ? null : Viewer;

export interface GuardFailure {
  status: 400 | 403 | 413 | 415;
  /**
   * Why: a foreign origin, an unknown `intent`, a body over `maxBodyBytes`, a body that is not a
   * readable form (`unreadable`: 415 for another content type, 400 for a broken form), or input
   * refused (control characters, a list index out of range, or the schema).
   */
  reason: "origin" | "intent" | "too-large" | "unreadable" | "input";
  /** The `intent` field as posted (a known one, or null). */
  intent: string | null;
  /** A message for the whole form: the refusal's, or the schema's form-level error. */
  message: string | undefined;
  /** The schema's first message per field, keyed by Conform's field names ("price", "colors[0].hex"). */
  fieldErrors: Record<string, string>;
  /** `message`, else the first field's message: for forms that show one line. */
  firstMessage: string | undefined;
  /** Conform's answer for `useForm({ lastResult })`. */
  result: SubmissionResult<string[]>;
}

/** A reply used as it is, or turned into a `data()` response with the failure's status. */
type Reply<R> = (failure: GuardFailure) => R;

interface Options<A extends Access, R> {
  access: A;
  /** Default ["POST"]. */
  methods?: readonly string[];
  /** Only webhooks skip the origin check: their signature is their authentication. */
  origin?: "same" | "skip-for-webhook";
  /** How the route answers a refusal (origin, intent, size, input). Default: Conform's submission result. */
  reply?: Reply<R>;
  /** Refuse a larger body (Content-Length) before it is read. */
  maxBodyBytes?: number;
  /** The message for an `intent` the page does not have. */
  unknownIntent?: string;
}

export const ORIGIN_REFUSED = "This form must be sent from the shop.";
export const UNKNOWN_FORM = "Unknown form. Reload the page and try again.";
export const NOT_A_FORM = "This request must be sent as a form. Reload the page and try again.";
export const UNREADABLE_FORM = "This form could not be read. Reload the page and try again.";
/** The form-level message, as a title and an explanation (the auth pages show both lines). */
export const CONTROL_CHARACTERS_REFUSED = { title: "Invisible characters", description: CONTROL_CHARACTER_MESSAGE };
export const TOO_MANY_ROWS = "This form has more rows than the shop takes. Reload the page and try again.";
/**
 * The largest list index a field name may carry ("colors[12].name"): no form of the shop has
 * lists near it, and Conform builds an array as long as the index says ("colors[99999999].name"
 * filled the server's memory until it died).
 */
export const MAX_FORM_LIST_INDEX = 999;

export type Guarded<V, A extends Access, I extends string | null, R> =
  | ({ ok: true; value: V; viewer: ViewerFor<A>; intent: I } & Passed)
  | { ok: false; response: ReturnType<typeof data<R>>; failure: GuardFailure };

interface Passed {
  /** The form as posted (files included). */
  form: FormData;
  /**
   * Conform's answer for this submission, for what only the action can tell (a taken SKU,
   * wrong credentials): `reply({ formErrors: [...] })`, or `reply({ resetForm: true })`.
   */
  reply(options?: ReplyOptions<string[]>): SubmissionResult<string[]>;
}

interface Args {
  request: Request;
  context: AppLoadContext;
}

const defaultReply = (failure: GuardFailure) => failure.result;

/** A form with one schema. */
export async function guardAction<S extends Schema, A extends Access, R = SubmissionResult<string[]>>(
  args: Args,
  options: Options<A, R> & { schema: S },
): Promise<Guarded<z.output<S>, A, null, R>>;
/** A page with several forms: the posted `intent` picks the schema. */
export async function guardAction<M extends Record<string, Schema>, A extends Access, R = SubmissionResult<string[]>>(
  args: Args,
  options: Options<A, R> & { intents: M },
): Promise<IntentGuarded<M, A, R>>;
export async function guardAction(
  { request, context }: Args,
  options: Options<Access, unknown> & { schema?: Schema; intents?: Record<string, Schema> },
): Promise<Guarded<unknown, Access, string | null, unknown>> {
  const methods = options.methods ?? ["POST"];
  const answer = options.reply ?? defaultReply;
  // 1. method
  if (!methods.includes(request.method.toUpperCase()))
    throw data({ message: "Method not allowed" }, { status: 405, headers: { Allow: methods.join(", ") } });
  // 2. session and 3. role (requireUser/requireAdmin throw the redirect or the 403)
  const viewer = await checkAccess(options.access, request, context);
  const refuse = (failure: Omit<GuardFailure, "result" | "fieldErrors" | "firstMessage"> & Partial<GuardFailure>) => {
    const fieldErrors = failure.fieldErrors ?? {};
    const full: GuardFailure = {
      fieldErrors,
      firstMessage: failure.message ?? Object.values(fieldErrors)[0],
      result: { status: "error", error: failure.message ? { "": [failure.message] } : {} },
      ...failure,
    };
    return { ok: false as const, failure: full, response: data(answer(full), { status: full.status }) };
  };
  // 4. origin
  if (options.origin !== "skip-for-webhook" && !isSameOrigin(request, context))
    return refuse({ status: 403, reason: "origin", intent: null, message: ORIGIN_REFUSED });
  if (options.maxBodyBytes !== undefined && Number(request.headers.get("content-length") ?? 0) > options.maxBodyBytes)
    return refuse({ status: 413, reason: "too-large", intent: null, message: undefined });

  // 5. input: a readable form, without control characters or absurd list indexes, then the schema.
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    const isForm = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(request.headers.get("content-type") ?? "");
    return isForm
      ? refuse({ status: 400, reason: "unreadable", intent: null, message: UNREADABLE_FORM })
      : refuse({ status: 415, reason: "unreadable", intent: null, message: NOT_A_FORM });
  }
  const unusable = unusableField(form);
  if (unusable) {
    const posted = form.get("intent");
    const knownIntent = typeof posted === "string" && options.intents && Object.hasOwn(options.intents, posted) ? posted : null;
    if (unusable.problem === "index") return refuse({ status: 400, reason: "input", intent: knownIntent, message: TOO_MANY_ROWS });
    const { title, description } = CONTROL_CHARACTERS_REFUSED;
    const fieldErrors = unusable.name ? { [unusable.name]: `Remove the invisible control characters from this field.` } : {};
    return refuse({
      status: 400,
      reason: "input",
      intent: knownIntent,
      message: description,
      fieldErrors,
      result: {
        status: "error",
        error: { "": [title, description], ...Object.fromEntries(Object.entries(fieldErrors).map(([name, m]) => [name, [m]])) },
      },
    });
  }
  let intent: string | null = null;
  let schema = options.schema;
  if (options.intents) {
    const posted = form.get("intent");
    if (typeof posted !== "string" || !Object.hasOwn(options.intents, posted))
      return refuse({ status: 400, reason: "intent", intent: null, message: options.unknownIntent ?? UNKNOWN_FORM });
    intent = posted;
    schema = options.intents[posted];
  }
  // 3b. capability: the form's, from the admin route's table (an unnamed form is refused).
  if (viewer && typeof options.access === "object") {
    const posted = form.get("intent");
    const name = intent ?? options.access.form ?? (typeof posted === "string" ? posted : null);
    const capability = formCapability(options.access.route, name);
    if (!capability || !can(viewer.role, capability)) throw roleRefusal(viewer, "this action");
    // From here the action's changes are this member's in the activity log (decision 049).
    actAsStaff(viewer, context, `${options.access.route}#${name}`);
  }
  const submission = parseWithZod(form, { schema: schema!, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const fieldErrors = firstFieldErrors(errors);
    return refuse({
      status: 400,
      reason: "input",
      intent,
      message: errors[""]?.[0],
      fieldErrors,
      // Passwords are never sent back to the browser.
      result: submission.reply({ hideFields: hiddenFields(form) }),
    });
  }
  const hideFields = hiddenFields(form);
  const reply = (options: ReplyOptions<string[]> = {}) =>
    submission.reply(
      "resetForm" in options
        ? options
        : { ...options, hideFields: [...hideFields, ...("hideFields" in options ? (options.hideFields ?? []) : [])] },
    );
  return { ok: true, value: submission.value, viewer, intent, form, reply };
}

export type IntentGuarded<M extends Record<string, Schema>, A extends Access, R> =
  | { [I in keyof M & string]: { ok: true; value: z.output<M[I]>; viewer: ViewerFor<A>; intent: I } & Passed }[keyof M & string]
  | { ok: false; response: ReturnType<typeof data<R>>; failure: GuardFailure };

async function checkAccess(access: Access, request: Request, context: AppLoadContext): Promise<Viewer | null> {
  if (access === "anyone") return null;
  if (access === "user") return requireUser(request, context);
  if (typeof access === "object") return requireStaff(request, context);
  return access(request, context);
}

/** Conform's errors as the first message per field ("price", "colors[0].hex"), without the form's own (""). */
export function firstFieldErrors(errors: Record<string, string[] | null | undefined>): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(errors)) if (name && messages?.[0]) fieldErrors[name] = messages[0];
  return fieldErrors;
}

/** A name Conform would read as a path ("email", "colors[0].hex"), and no prototype key. */
const PLAIN_FIELD_NAME = /^[A-Za-z_][\w-]*(?:\[\d+\]|\.[A-Za-z_][\w-]*)*$/;
const PROTOTYPE_KEY = /(?:^|[.[])(?:__proto__|constructor|prototype)(?:$|[.\]])/;

/**
 * The first field the shop cannot take whatever the schema says: a control character in its
 * name or value (`name` is given when it is a plain field name, to show the error under it), or
 * a list index above MAX_FORM_LIST_INDEX.
 */
function unusableField(form: FormData): { problem: "characters"; name: string | null } | { problem: "index" } | null {
  for (const [name, value] of form) {
    for (const index of name.matchAll(/\[(\d+)\]/g)) if (Number(index[1]) > MAX_FORM_LIST_INDEX) return { problem: "index" };
    const valueText = typeof value === "string" ? value : value.name;
    if (hasControlCharacter(name) || hasControlCharacter(valueText)) {
      const shown = PLAIN_FIELD_NAME.test(name) && !PROTOTYPE_KEY.test(name) ? name : null;
      return { problem: "characters", name: shown };
    }
  }
  return null;
}

function hiddenFields(form: FormData): string[] {
  return [...new Set([...form.keys()].filter((name) => /password/i.test(name)))];
}
