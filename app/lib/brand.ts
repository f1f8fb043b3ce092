/**
 * The brand, kept in one place. These are the defaults; the admin settings (a later issue)
 * override the store name and contact details at run time.
 */
export const brand = {
  name: "Ahenfie",
  tagline: "Accra Tailoring House",
  description: "Premium African menswear — kaftans, suits, agbada, ankara and kente — cut and sewn by master tailors in Accra, Ghana.",
  founded: 2011,
  contact: {
    email: "hello@ahenfie.com",
    phone: "+233 30 277 4410",
    whatsapp: "+233 24 411 8820",
    addressLines: ["14 Oxford Street, Osu", "Accra, Ghana"],
    hours: "Mon–Sat, 9:00–18:00 GMT",
  },
  social: {
    instagram: "https://instagram.com/ahenfie",
    facebook: "https://facebook.com/ahenfie",
  },
} as const;
