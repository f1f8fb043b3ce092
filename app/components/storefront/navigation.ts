/** The header links (docs/product-rules.md: Home, Kaftans, Suits, Track Order, About, Contact). */
export const headerLinks = [
  { label: "Home", to: "/" },
  { label: "Kaftans", to: "/collections/kaftans" },
  { label: "Suits", to: "/collections/suits" },
  { label: "Track Order", to: "/track-order" },
  { label: "About", to: "/#about" },
  { label: "Contact", to: "#contact" },
] as const;

/** Every collection, then all products: the footer's Shop column and the phone menu's Collections. */
export const collectionLinks = [
  { label: "Kaftans", to: "/collections/kaftans" },
  { label: "Suits", to: "/collections/suits" },
  { label: "Agbada", to: "/collections/agbada" },
  { label: "Ankara", to: "/collections/ankara" },
  { label: "Kente", to: "/collections/kente" },
  { label: "Traditional", to: "/collections/traditional" },
  { label: "All Products", to: "/collections/all" },
] as const;

export const footerShopLinks = collectionLinks;

export const footerQuickLinks = [
  { label: "About Us", to: "/about" },
  { label: "Size Guide", to: "/size-guide" },
  { label: "Shipping Info", to: "/shipping" },
  { label: "Returns", to: "/returns" },
  { label: "Custom Orders", to: "/custom-orders" },
  { label: "Wholesale", to: "/wholesale" },
] as const;

export const footerLegalLinks = [
  { label: "Privacy", to: "/privacy" },
  { label: "Terms", to: "/terms" },
  { label: "Cookies", to: "/cookies" },
] as const;
