import { AuthForms } from "~/components/auth/auth-forms";
import { defineIsland } from "./island";

export const AuthFormsIsland = /* @__PURE__ */ defineIsland("auth-forms", AuthForms);

/** What the sign-in page hydrates besides the toasts (app/islands/pages.ts). */
export const pageIslands = [AuthFormsIsland];
