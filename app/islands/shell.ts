import { LazyCartPanel } from "~/components/storefront/cart/lazy-cart-panel";
import { NewsletterForm } from "~/components/storefront/layout/newsletter-form";
import { StorefrontHeader } from "~/components/storefront/layout/storefront-header";
import { LazyToaster } from "~/components/ui/toaster";
import { defineIsland } from "./island";

/** The islands of every storefront page: header, the footer's newsletter form, the cart panel, toasts. */
export const HeaderIsland = /* @__PURE__ */ defineIsland("header", StorefrontHeader);
// In the footer: hydrated once it comes near the screen (until then the form posts natively).
export const NewsletterIsland = /* @__PURE__ */ defineIsland("newsletter", NewsletterForm, { hydrate: "visible" });
export const CartPanelIsland = /* @__PURE__ */ defineIsland("cart-panel", LazyCartPanel);
export const ToasterIsland = /* @__PURE__ */ defineIsland("toaster", LazyToaster);

export const shellIslands = [HeaderIsland, NewsletterIsland, CartPanelIsland, ToasterIsland];
