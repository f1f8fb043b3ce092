import { describe, expect, it } from "vitest";
import { defaultStoreSettings } from "./store-settings";
import { storeProfile } from "./store-profile";

describe("storeProfile", () => {
  it("states the shop as its settings say, the same profile for the same settings and a new one for new settings", () => {
    const settings = { ...defaultStoreSettings, storeName: "Ahenfie", contactAddress: " 12 Oxford Street \n\n Osu, Accra " };
    const profile = storeProfile(settings);
    expect(profile.name).toBe("Ahenfie");
    expect(profile.contact.addressLines).toEqual(["12 Oxford Street", "Osu, Accra"]);
    // The footer drawn once for a profile is found by the object itself (app/lib/rendered-once.ts).
    expect(storeProfile(settings)).toBe(profile);
    const changed = storeProfile({ ...settings, storeName: "Ahenfie Accra" });
    expect(changed).not.toBe(profile);
    expect(changed.name).toBe("Ahenfie Accra");
  });
});
