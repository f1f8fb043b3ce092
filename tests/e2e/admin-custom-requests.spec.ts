import { expect, test } from "@playwright/test";
import { adminPage } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { sendCustomRequest } from "./custom-request-support";
import { toast } from "./support";

/** Staff find a custom request, read its measurements and photo, and mark it quoted (issue 14, item 7). */
test("a request in the admin list: measurements and photo in its details, status set to quoted", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser, "/admin/custom-requests");
  const reference = await sendCustomRequest(admin.request, baseURL!, "Esi Kente");
  await admin.goto(`/admin/custom-requests?q=${reference}`);
  const list = admin
    .getByRole("table")
    .or(admin.getByRole("list", { name: "Custom requests" }))
    .first();
  await expect(list.getByText(reference)).toBeVisible();
  await expect(admin.getByRole("region", { name: "New" })).toBeVisible();
  await expectNoSeriousViolations(admin, "admin custom requests");

  await list.getByRole("link", { name: `Details of request ${reference} from Esi Kente` }).click();
  const dialog = admin.getByRole("dialog", { name: `Custom request ${reference}` });
  await expect(dialog).toBeVisible();
  const sizes = dialog.getByRole("region", { name: "Measurements" });
  await expect(sizes).toContainText(/Chest\s*41 in/);
  await expect(sizes).toContainText(/Shoulder\s*18\.5 in/);
  await expect(sizes).toContainText(/Height\s*70 in/);
  const photo = dialog.getByRole("img", { name: "Reference photo 1 from Esi Kente" });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousViolations(admin, "custom request details", '[role="dialog"]');

  await dialog.getByLabel("Status", { exact: true }).selectOption("quoted");
  await dialog.getByLabel("Staff notes", { exact: true }).fill("Quoted ₵2,300 on WhatsApp.");
  await dialog.getByRole("button", { name: "Save request" }).click();
  await expect(toast(admin, "Request saved")).toBeVisible();
  // Kept: after a reload the dialog (opened from the URL) shows the new status and the notes.
  await admin.reload();
  await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("quoted");
  await expect(dialog.getByLabel("Staff notes", { exact: true })).toHaveValue("Quoted ₵2,300 on WhatsApp.");
  await admin.close();
});
