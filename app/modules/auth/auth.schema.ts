import { z } from "zod";

/** docs/product-rules.md §5/§8 messages: a title (the toast's) and the explanation under it. */
export interface FormMessage {
  title: string;
  description: string;
}

export const AUTH_MESSAGES = {
  missing: { title: "Missing information", description: "Please fill in all fields" },
  mismatch: { title: "Passwords don't match", description: "Please make sure both passwords are the same" },
  tooShort: { title: "Password too short", description: "Password must be at least 6 characters long" },
  badEmail: { title: "Invalid email", description: "Please enter a valid email address" },
  tooLong: { title: "Password too long", description: "Password must be at most 128 characters long" },
} satisfies Record<string, FormMessage>;

const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: AUTH_MESSAGES.badEmail.description }));

export interface SignInInput {
  email: string;
  password: string;
}
export interface SignUpInput extends SignInInput {
  confirmPassword: string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; message: FormMessage };

/** Sign in: both fields required (docs/product-rules.md §5). Shared by the browser and the action. */
export function validateSignIn(input: Partial<Record<keyof SignInInput, unknown>>): Validation<SignInInput> {
  const values = { email: String(input.email ?? "").trim(), password: String(input.password ?? "") };
  if (!values.email || !values.password) return { ok: false, message: AUTH_MESSAGES.missing };
  if (!email.safeParse(values.email).success) return { ok: false, message: AUTH_MESSAGES.badEmail };
  return { ok: true, value: values };
}

/** Sign up: all three required, passwords equal, at least 6 characters — in that order. */
export function validateSignUp(input: Partial<Record<keyof SignUpInput, unknown>>): Validation<SignUpInput> {
  const values = {
    email: String(input.email ?? "").trim(),
    password: String(input.password ?? ""),
    confirmPassword: String(input.confirmPassword ?? ""),
  };
  if (!values.email || !values.password || !values.confirmPassword) return { ok: false, message: AUTH_MESSAGES.missing };
  if (!email.safeParse(values.email).success) return { ok: false, message: AUTH_MESSAGES.badEmail };
  if (values.password !== values.confirmPassword) return { ok: false, message: AUTH_MESSAGES.mismatch };
  if (values.password.length < 6) return { ok: false, message: AUTH_MESSAGES.tooShort };
  if (values.password.length > 128) return { ok: false, message: AUTH_MESSAGES.tooLong };
  return { ok: true, value: values };
}

/** A new password on the reset page: the same length rules as sign-up. */
export function validateNewPassword(input: { password?: unknown; confirmPassword?: unknown }): Validation<{ password: string }> {
  const password = String(input.password ?? "");
  const confirm = String(input.confirmPassword ?? "");
  if (!password || !confirm) return { ok: false, message: AUTH_MESSAGES.missing };
  if (password !== confirm) return { ok: false, message: AUTH_MESSAGES.mismatch };
  if (password.length < 6) return { ok: false, message: AUTH_MESSAGES.tooShort };
  if (password.length > 128) return { ok: false, message: AUTH_MESSAGES.tooLong };
  return { ok: true, value: { password } };
}

export function validateEmailOnly(input: { email?: unknown }): Validation<{ email: string }> {
  const value = String(input.email ?? "").trim();
  if (!value) return { ok: false, message: { title: "Missing information", description: "Please enter your email address" } };
  if (!email.safeParse(value).success) return { ok: false, message: AUTH_MESSAGES.badEmail };
  return { ok: true, value: { email: value } };
}

export interface SecondStepInput {
  /** "app": the authenticator app's six digits; "recovery": one of the recovery codes given at set-up. */
  method: "app" | "recovery";
  code: string;
}

/**
 * The second step of a sign-in (decision 048): six digits from the app (spaces allowed, as apps
 * show "123 456"), or a recovery code "abcde-12345" (the dash optional, case kept).
 */
export function validateSecondStep(input: { method?: unknown; code?: unknown }): Validation<SecondStepInput> {
  const method = input.method === "recovery" ? "recovery" : "app";
  const typed = String(input.code ?? "").replace(/\s+/g, "");
  if (!typed)
    return {
      ok: false,
      message: {
        title: "Missing information",
        description:
          method === "app" ? "Please enter the 6-digit code from your authenticator app" : "Please enter one of your recovery codes",
      },
    };
  if (method === "app") {
    if (!/^\d{6}$/.test(typed))
      return { ok: false, message: { title: "Check the code", description: "The code from your authenticator app is 6 digits" } };
    return { ok: true, value: { method, code: typed } };
  }
  const bare = typed.replace(/-/g, "");
  if (!/^[A-Za-z0-9]{10}$/.test(bare))
    return { ok: false, message: { title: "Check the code", description: "A recovery code is 10 letters and digits, like abcde-12345" } };
  return { ok: true, value: { method, code: `${bare.slice(0, 5)}-${bare.slice(5)}` } };
}

/**
 * A rule above as a Zod schema for Conform (browser `onValidate` and the action's guard). Its
 * refusal is one form-level error of two lines: the title and the explanation, in that order.
 */
function asFormSchema<K extends string, T>(fields: readonly K[], validate: (input: Record<string, unknown>) => Validation<T>) {
  const shape = Object.fromEntries(fields.map((name) => [name, z.unknown()])) as Record<K, z.ZodUnknown>;
  return z.object(shape).transform((input, ctx): T => {
    const checked = validate(input);
    if (checked.ok) return checked.value;
    for (const line of formMessageErrors(checked.message)) ctx.addIssue({ code: "custom", message: line, path: [] });
    return z.NEVER;
  });
}

export const signInSchema = asFormSchema(["email", "password"], validateSignIn);
export const signUpSchema = asFormSchema(["email", "password", "confirmPassword"], validateSignUp);
export const emailOnlySchema = asFormSchema(["email"], validateEmailOnly);
export const secondStepSchema = asFormSchema(["method", "code"], validateSecondStep);
/** The reset page posts the link's token with the new password. */
export const newPasswordSchema = asFormSchema(["password", "confirmPassword", "token"], (input) => {
  const checked = validateNewPassword(input);
  return checked.ok ? { ok: true, value: { ...checked.value, token: typeof input.token === "string" ? input.token : "" } } : checked;
});

/** A message as Conform form errors ([title, description]), and back. */
export const formMessageErrors = (message: FormMessage): string[] => [message.title, message.description];
export function formMessageOf(errors: string[] | undefined): FormMessage | null {
  return errors?.[0] ? { title: errors[0], description: errors[1] ?? "" } : null;
}

/** Any origin that is not the shop's: only used to resolve a path and see where it lands. */
const PROBE_ORIGIN = "http://redirect-check.invalid";
const MAX_REDIRECT_LENGTH = 2_000;

/**
 * Where to go after signing in or out: only a path on this site, else `fallback`. The target is
 * normalised as a browser would read it (resolved against a stand-in origin with `new URL`) and
 * must stay on that origin; the answer is the normalised pathname, search and hash. Control
 * characters and backslashes are refused before that: browsers drop tabs and line breaks from a
 * link and read "\" as "/", which turned "/\t/evil.example" into "//evil.example", another site.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > MAX_REDIRECT_LENGTH || !target.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001F\u007F\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" normalises to "//evil.example": still another site for a browser.
  if (path.startsWith("//")) return fallback;
  // The sign-in pages themselves (not /auth-test, whose Sign In link comes back to it).
  if (/^\/(?:auth(?:[/?#]|$)|api\/)/i.test(path)) return fallback;
  return path;
}
