import { describe, expect, it } from "vitest";
import { isClosedForMaintenance } from "./maintenance.server";

const on = { maintenanceMode: true };
const customer = { isAdmin: false };

describe("maintenance mode", () => {
  it("closes storefront pages to guests and customers", () => {
    for (const path of ["/", "/collections/kaftans", "/product/1", "/checkout", "/track-order", "/about"]) {
      expect(isClosedForMaintenance(path, on, null)).toBe(true);
      expect(isClosedForMaintenance(path, on, customer)).toBe(true);
    }
  });
  it("keeps sign-in, the auth API and the admin panel open", () => {
    for (const path of [
      "/auth",
      "/auth/verified",
      "/auth/reset-password",
      "/auth-test",
      "/api/auth/verify-email",
      "/admin",
      "/admin/settings",
      "/api/health",
      "/api/webhooks/paystack",
    ]) {
      expect(isClosedForMaintenance(path, on, null)).toBe(false);
    }
    expect(isClosedForMaintenance("/administrator", on, null)).toBe(true);
  });
  it("lets admins see the whole shop, and is off when the setting is off", () => {
    expect(isClosedForMaintenance("/", on, { isAdmin: true })).toBe(false);
    expect(isClosedForMaintenance("/", { maintenanceMode: false }, null)).toBe(false);
  });
});
