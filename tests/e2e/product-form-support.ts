import { expect, type Locator, type Page } from "@playwright/test";
import { gotoAdmin } from "./admin-support";

/** The product form's field by its label, optional or not (the form marks optional ones in the label). */
export const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( optional)?$`));

/** Admin → Products → Add Product, open and ready. */
export async function openAddProduct(page: Page): Promise<Locator> {
  await gotoAdmin(page, "/admin/products?new=1");
  const add = page.getByRole("dialog", { name: "Add New Product" });
  await expect(field(add, "Name")).toBeVisible();
  return add;
}
