import { NewsletterConfirmForm } from "~/components/storefront/newsletter/newsletter-confirm-form";
import { defineIsland } from "./island";

export const NewsletterConfirmIsland = /* @__PURE__ */ defineIsland("newsletter-confirm", NewsletterConfirmForm);

/** What the newsletter confirmation page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [NewsletterConfirmIsland];
