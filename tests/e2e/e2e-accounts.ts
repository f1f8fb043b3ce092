/** The admin account playwright.config.ts creates (npm run admin:create) before the shop starts. */
export const E2E_ADMIN = { email: "admin@ahenfie.test", password: "kente-admin-2026" } as const;
