import { ResetPasswordForm } from "~/components/auth/reset-password-form";
import { defineIsland } from "./island";

export const ResetPasswordIsland = /* @__PURE__ */ defineIsland("reset-password", ResetPasswordForm);

/** What the password reset page hydrates besides the toasts (app/islands/pages.ts). */
export const pageIslands = [ResetPasswordIsland];
