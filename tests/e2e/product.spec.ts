import { expect, test } from "@playwright/test";
import { productImageBase, seedProducts } from "../../db/seed/catalog-data";
import { addFromProductPage, cards, cartButton, cartPanel, cedis, expectCartCount, gotoHydrated, toast } from "./support";

const kaftan = seedProducts.find((p) => p.id === 1)!;
const discount = Math.round(((kaftan.originalPrice! - kaftan.price) / kaftan.originalPrice!) * 100);

test.describe("the product page", () => {
  test("shows the name, price, original price, badges and the information cards", async ({ page }) => {
    const response = await gotoHydrated(page, "/product/1");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Royal Kente Kaftan \| /);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Royal Kente Kaftan");
    expect(cedis(kaftan.price)).toBe("₵299.99");
    expect(cedis(kaftan.originalPrice!)).toBe("₵399.99");

    const price = main.getByRole("paragraph").filter({ hasText: "₵399.99" }).first();
    await expect(price).toContainText("₵299.99");
    const original = price.getByText("₵399.99");
    await expect(original).toHaveCSS("text-decoration-line", "line-through");

    // The badges sit just above the name: category, New, Bestseller and the discount.
    await expect(main).toMatchAriaSnapshot(`
      - text: Kaftans New Bestseller -${discount}%
      - heading "Royal Kente Kaftan" [level=1]
    `);

    await expect(main.getByText("Free Shipping", { exact: true })).toBeVisible();
    await expect(main.getByText("on orders over ₵500")).toBeVisible();
    await expect(main.getByText("30-day return policy")).toBeVisible();
    await expect(main.getByRole("heading", { name: "Materials" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Care Instructions" })).toBeVisible();
    // No rating nobody gave (docs/product-rules.md §13 "Reviews are real"): the seed has no reviews.
    await expect(main.getByText("No reviews yet").first()).toBeVisible();
    await expect(main.getByText("24 reviews")).toHaveCount(0);
  });

  test("colour swatches switch the main image to the chosen colour", async ({ page }) => {
    await gotoHydrated(page, "/product/1");
    const [first, second, third] = kaftan.colors;
    expect(first!.name).toBe("Royal Gold");
    const colours = page.getByRole("group", { name: /^Colour:/ });

    await expect(colours.getByRole("button", { name: first!.name, exact: true })).toHaveAttribute("aria-pressed", "true");
    const image = (colour: string) => page.getByRole("main").getByRole("img", { name: `${kaftan.name} in ${colour}`, exact: true });
    await expect(image(first!.name)).toHaveAttribute("src", new RegExp(`^${productImageBase(kaftan, first!.name)}-\\d+\\.webp$`));

    await colours.getByRole("button", { name: second!.name, exact: true }).click();
    await expect(colours.getByRole("button", { name: second!.name, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(colours.getByRole("button", { name: first!.name, exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(colours).toContainText(`Colour: ${second!.name}`);
    await expect(image(second!.name)).toHaveAttribute("src", new RegExp(`^${productImageBase(kaftan, second!.name)}-\\d+\\.webp$`));
    await expect(image(first!.name)).toHaveCount(0);

    // The thumbnails under the picture choose the colour too.
    await page.getByRole("button", { name: `Show ${third!.name}` }).click();
    await expect(image(third!.name)).toHaveAttribute("src", new RegExp(`^${productImageBase(kaftan, third!.name)}-\\d+\\.webp$`));
    await expect(colours.getByRole("button", { name: third!.name, exact: true })).toHaveAttribute("aria-pressed", "true");
  });

  test("offers sizes S to XXL with M chosen by default", async ({ page }) => {
    await gotoHydrated(page, "/product/1");
    const sizes = page.getByRole("group", { name: /^Size:/ });
    await expect(sizes.getByRole("button")).toHaveText(["S", "M", "L", "XL", "XXL"]);
    await expect(sizes.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(sizes.getByRole("button", { pressed: true })).toHaveCount(1);

    await sizes.getByRole("button", { name: "XL", exact: true }).click();
    await expect(sizes.getByRole("button", { name: "XL", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(sizes.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(sizes).toContainText("Size: XL");
  });

  test("the quantity stepper starts at 1, cannot go below 1 and prices the button", async ({ page }) => {
    await gotoHydrated(page, "/product/1");
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });

    await expect(page.getByText("1 item selected")).toBeVisible();
    await expect(minus).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add to Cart - ₵299.99" })).toBeVisible();

    await plus.click();
    await expect(page.getByText("2 items selected")).toBeVisible();
    await expect(minus).toBeEnabled();
    await expect(page.getByRole("button", { name: "Add to Cart - ₵599.98" })).toBeVisible();

    await minus.click();
    await expect(page.getByText("1 item selected")).toBeVisible();
    await expect(minus).toBeDisabled();
  });

  test("a product that is not in the catalog shows Product Not Found with Back to Home", async ({ page }) => {
    const response = await gotoHydrated(page, "/product/99999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Authentic Ghanaian Kaftans" })).toBeVisible();
  });

  test("on a guest's phone the reviews ask nothing personal and are hydrated as they come near the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/my-review")) asked.push(request.url());
    });
    const hydrated = () => page.evaluate(() => performance.getEntriesByName("hydrate island product-reviews", "measure").length);
    await gotoHydrated(page, "/product/1");
    await page.waitForLoadState("networkidle");
    // Two screens below the fold: not hydrated while the shopper looks at the piece.
    expect(await hydrated()).toBe(0);
    const reviews = page.getByRole("heading", { name: "Reviews", exact: true, level: 2 });
    await reviews.scrollIntoViewIfNeeded();
    await expect.poll(hydrated).toBe(1);
    await expect(page.getByRole("main").getByText("No reviews yet").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    // A guest has no review of their own to ask about.
    expect(asked).toEqual([]);
  });

  test("a sold-out product has a disabled Sold Out button", async ({ page }) => {
    const soldOut = seedProducts.find((p) => p.active && p.stock === 0);
    expect(soldOut, "the seed should have an active product with no stock").toBeDefined();
    await gotoHydrated(page, `/product/${soldOut!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(soldOut!.name);
    await expect(page.getByRole("button", { name: "Sold Out", exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: /^Add to Cart - / })).toHaveCount(0);
  });
});

test.describe("the cart", () => {
  test("adding, changing, removing and clearing items, with the toasts and totals", async ({ page }) => {
    await gotoHydrated(page, "/product/1");
    await expectCartCount(page, 0);

    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Add to Cart - ₵599.98" }).click();
    await expect(toast(page, "Added to Cart", "Royal Kente Kaftan (Royal Gold, M) has been added to your cart")).toBeVisible();
    await expectCartCount(page, 2);

    await cartButton(page).click();
    const panel = cartPanel(page);
    await expect(panel).toHaveAccessibleName("Shopping Cart (1)");
    const line = panel.getByRole("listitem").filter({ hasText: "Royal Kente Kaftan" });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText("Kaftans · Royal Gold · Size M");
    const quantity = line.getByRole("group", { name: "Quantity of Royal Kente Kaftan" });
    await expect(quantity).toHaveText("2");
    await expect(line.getByText("₵799.98")).toHaveCSS("text-decoration-line", "line-through");
    await expect(panel.getByTestId("cart-total")).toHaveText("₵599.98");
    await expect(panel.getByText("Total:")).toBeVisible();

    await line.getByRole("button", { name: "Increase quantity of Royal Kente Kaftan" }).click();
    await expect(quantity).toHaveText("3");
    await expect(panel.getByTestId("cart-total")).toHaveText("₵899.97");
    await expectCartCount(page, 3);

    await line.getByRole("button", { name: "Decrease quantity of Royal Kente Kaftan" }).click();
    await expect(quantity).toHaveText("2");
    await expect(panel.getByTestId("cart-total")).toHaveText("₵599.98");

    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toHaveCount(0);

    // The same colour and size again raises the line's quantity.
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(page.getByText("1 item selected")).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart - ₵299.99" }).click();
    await expect(toast(page, "Cart Updated", "Royal Kente Kaftan (Royal Gold, M) quantity increased to 3")).toBeVisible();
    await expectCartCount(page, 3);

    // Another size is another line.
    await page
      .getByRole("group", { name: /^Size:/ })
      .getByRole("button", { name: "L", exact: true })
      .click();
    await page.getByRole("button", { name: "Add to Cart - ₵299.99" }).click();
    await expectCartCount(page, 4);
    await cartButton(page).click();
    await expect(panel).toHaveAccessibleName("Shopping Cart (2)");
    await expect(panel.getByRole("listitem")).toHaveCount(2);
    await expect(panel.getByRole("listitem").filter({ hasText: "Size L" })).toContainText("Royal Gold · Size L");
    await expect(panel.getByTestId("cart-total")).toHaveText("₵1,199.96");

    await panel
      .getByRole("listitem")
      .filter({ hasText: "Size L" })
      .getByRole("button", { name: "Remove Royal Kente Kaftan (Royal Gold, L) from cart" })
      .click();
    await expect(toast(page, "Removed from Cart", "Royal Kente Kaftan (Royal Gold, L) has been removed from your cart")).toBeVisible();
    await expect(panel).toHaveAccessibleName("Shopping Cart (1)");
    await expect(panel.getByTestId("cart-total")).toHaveText("₵899.97");

    await panel.getByRole("button", { name: "Clear Cart" }).click();
    await expect(toast(page, "Cart Cleared", "All items have been removed from your cart")).toBeVisible();
    await expect(panel).toHaveAccessibleName("Shopping Cart (0)");
    await expect(panel.getByText("Your cart is empty")).toBeVisible();
    await expectCartCount(page, 0);

    await panel.getByRole("button", { name: "Continue Shopping" }).click();
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(/\/product\/1$/);
  });

  test("minus on a line with quantity 1 removes it", async ({ page }) => {
    await addFromProductPage(page, 3);
    await cartButton(page).click();
    const panel = cartPanel(page);
    await panel.getByRole("button", { name: "Decrease quantity of Adinkra Embroidered Kaftan" }).click();
    await expect(toast(page, "Removed from Cart", "Adinkra Embroidered Kaftan (Ivory, M) has been removed from your cart")).toBeVisible();
    await expect(panel).toHaveAccessibleName("Shopping Cart (0)");
    await expect(panel.getByText("Your cart is empty")).toBeVisible();
  });

  test("Proceed to Checkout closes the panel and shows the order summary", async ({ page }) => {
    await addFromProductPage(page, 1);
    await cartButton(page).click();
    await cartPanel(page).getByRole("button", { name: "Proceed to Checkout" }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(cartPanel(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByRole("listitem")).toHaveCount(1);
    await expect(summary.getByRole("listitem")).toContainText("Royal Kente Kaftan");
    await expect(summary.getByRole("listitem")).toContainText("Royal Gold · Size M · Qty 1");
    await expect(summary.getByTestId("summary-subtotal")).toHaveText("₵299.99");
    await expect(summary).toContainText("Total");
  });

  test("quick add on a card asks for the size instead of picking one, then adds the size chosen", async ({ page }) => {
    await gotoHydrated(page, "/collections/kaftans");
    await page.getByRole("button", { name: "Choose size: Osu Linen Kaftan" }).click();
    const dialog = page.getByRole("dialog", { name: "Osu Linen Kaftan" });
    await expect(dialog).toBeVisible();
    const sizes = dialog.getByRole("group", { name: /^Size:/ });
    await expect(sizes).toHaveAccessibleName(/Please choose/);
    await expect(sizes.getByRole("button", { pressed: true })).toHaveCount(0);

    // Nothing is added until a size is chosen.
    await dialog.getByRole("button", { name: "Choose a Size" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please choose a size.");
    await expectCartCount(page, 0);

    await sizes.getByRole("button", { name: "L", exact: true }).click();
    await dialog.getByRole("button", { name: /^Add to Cart - / }).click();
    await expect(toast(page, "Added to Cart", "Osu Linen Kaftan (Sand, L) has been added to your cart")).toBeVisible();
    await expectCartCount(page, 1);
    await dialog.getByRole("button", { name: "Close" }).click();
    await cartButton(page).click();
    await expect(cartPanel(page).getByRole("listitem")).toContainText("Size L");
  });
});

test("Quick View on a home card opens a dialog with the product, its sizes and Add to Cart", async ({ page }) => {
  await gotoHydrated(page, "/");
  const card = cards(page.getByRole("main")).first();
  const name = (await card.getAttribute("aria-label"))!;
  const product = seedProducts.find((p) => p.name === name)!;
  expect(product, `the first home card (${name}) should be a seed product`).toBeDefined();

  await card.getByRole("button", { name: `Quick view ${name}` }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name })).toBeVisible();
  await expect(dialog).toContainText(cedis(product.price));
  const sizes = dialog.getByRole("group", { name: /^Size:/ });
  await expect(sizes.getByRole("button")).toHaveText(product.sizes);
  await expect(dialog.getByRole("link", { name: "View full details" })).toHaveAttribute("href", `/product/${product.id}`);

  await dialog.getByRole("button", { name: `Add to Cart - ${cedis(product.price)}` }).click();
  // Named with the colour and size it was added in (the first colour, M).
  const variant = [product.colors[0]?.name, product.sizes.includes("M") ? "M" : product.sizes[0]].filter(Boolean).join(", ");
  await expect(toast(page, "Added to Cart", `${name} (${variant}) has been added to your cart`)).toBeVisible();
  await expectCartCount(page, 1);

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
});
