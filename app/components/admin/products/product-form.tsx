import { getFormProps } from "@conform-to/react";
import { LoaderCircle } from "lucide";
import { useEffect, useRef, type ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { Icon } from "~/components/ui/icon";
import { CheckboxGroup, SwitchField } from "~/components/forms/choice-fields";
import { useFetcherForm } from "~/components/forms/use-fetcher-form";
import { Field, FormAlert, MoneyInput, TextareaInput, TextInput } from "~/components/forms/field";
import { SelectInput } from "~/components/forms/select-input";
import { Button } from "~/components/ui/button";
import { currencySymbols, type CurrencyCode } from "~/lib/money";
import { SIZES } from "~/modules/catalog/catalog-constants";
import { blankProductForm, productFormValues, type ProductFormValues } from "~/modules/catalog/product-form-data";
import type { AdminProduct, AdminProductCategory } from "~/modules/catalog/product-management-types";
import { MADE_TO_MEASURE_DAYS, productFormSchema, type ProductInput } from "~/modules/catalog/product.schema";
import { CORRECT_PRODUCT_FIELDS, type ProductActionResult } from "./product-action";
import { DiscountConfirmField } from "./discount-confirm-field";
import { ProductColorsField } from "./product-colors-field";
import { ProductImageInput } from "./product-image-input";
import { useAdminViewer } from "../use-admin-viewer";
import { StockGridField } from "./stock-grid-field";

const switches = [
  { name: "isActive", label: "Active", hint: "Shown and sold on the storefront" },
  { name: "isFeatured", label: "Featured", hint: "Listed first and badged in the admin" },
  { name: "isNew", label: "New", hint: "Carries the New badge" },
  { name: "isBestseller", label: "Bestseller", hint: "Carries the Bestseller badge" },
] as const;

/**
 * Every product field, posted as multipart through the dialog's fetcher. One Conform form:
 * productFormSchema checks it here on submit (most mistakes are shown without a round trip)
 * and again in the action's guard; what only the server can tell (a taken SKU, a file that is
 * not a picture) comes back as Conform's result under the same fields. Inputs are uncontrolled:
 * after an error what was typed (and any picked photo) stays.
 */
export function ProductForm({
  product,
  categories,
  currency,
  fetcher,
  onCancel,
  after,
}: {
  product: AdminProduct | null;
  categories: AdminProductCategory[];
  currency: CurrencyCode;
  fetcher: FetcherWithComponents<ProductActionResult>;
  onCancel: () => void;
  /** The product's change history, under the last fields (not part of what is saved). */
  after?: ReactNode;
}) {
  const { form, fields, busy, message, answer } = useFetcherForm<ProductFormValues, ProductInput>({
    id: product ? `product-${product.id}` : "product-new",
    defaultValue: product ? productFormValues(product) : blankProductForm,
    schema: productFormSchema,
    fetcher,
    refusedTitle: "Failed to save product",
    correctFields: CORRECT_PRODUCT_FIELDS,
  });
  const symbol = currencySymbols[currency];
  // Staff read a product here but change stock through Import stock (decision 047): no Save for them.
  const mayEdit = useAdminViewer().can("products.edit");
  useFocusServerError(form.id, answer, form.allErrors);

  return (
    <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value={product ? "update" : "create"} />
      {product && <input type="hidden" name="id" value={product.id} />}

      <div className="grid gap-6 px-6">
        <FormSection title="Details">
          <Field field={fields.name} label="Name">
            <TextInput field={fields.name} maxLength={200} autoComplete="off" />
          </Field>
          <Field field={fields.description} label="Description" optional>
            <TextareaInput field={fields.description} rows={4} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field field={fields.categoryId} label="Category">
              <SelectInput field={fields.categoryId}>
                <option value="">No category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </SelectInput>
            </Field>
            <Field field={fields.sku} label="SKU" optional hint="Unique across the catalog.">
              <TextInput field={fields.sku} hint maxLength={64} autoComplete="off" spellCheck={false} className="font-mono" />
            </Field>
          </div>
        </FormSection>

        <FormSection title="Price" description={`Prices in ${currency}, with two decimals.`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field field={fields.price} label={`Price (${symbol})`}>
              <MoneyInput field={fields.price} symbol={symbol} />
            </Field>
            <Field
              field={fields.originalPrice}
              label={`Original price (${symbol})`}
              optional
              hint="Shown struck through, with the discount."
            >
              <MoneyInput field={fields.originalPrice} symbol={symbol} hint />
            </Field>
          </div>
          <DiscountConfirmField price={fields.price} originalPrice={fields.originalPrice} field={fields.confirmDiscount} />
        </FormSection>

        <FormSection title="Picture" description="Shown on cards and the product page when no colour has its own picture.">
          <ProductImageInput field={fields.imageUrl} label="Product picture" fileName="imageFile" />
        </FormSection>

        <FormSection title="On the storefront">
          <div className="grid gap-3 sm:grid-cols-2">
            {switches.map((s) => (
              <SwitchField key={s.name} field={fields[s.name]} label={s.label} hint={s.hint} />
            ))}
          </div>
        </FormSection>

        <FormSection title="Sizes">
          <CheckboxGroup field={fields.sizes} label="Sizes" options={SIZES} />
        </FormSection>

        <FormSection title="Colours" description="Each colour may have its own picture; the first one is shown on cards.">
          <ProductColorsField form={form} field={fields.colors} />
        </FormSection>

        <FormSection
          title="Stock"
          description="Units on the shelf in each colour and size. Rows and columns follow the colours and sizes above."
        >
          <StockGridField form={form} fields={fields} productId={product?.id ?? null} />
        </FormSection>

        <FormSection
          title="Made to measure"
          description="Offered beside the sizes: the shopper gives their measurements and the piece is cut for them. It takes no stock."
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <SwitchField field={fields.madeToMeasure} label="Made to measure" hint="Offer it on the product page" />
            <Field
              field={fields.madeToMeasureSurcharge}
              label={`Surcharge (${symbol})`}
              optional
              hint="Added to the price; blank or 0 for none."
            >
              <MoneyInput field={fields.madeToMeasureSurcharge} symbol={symbol} hint />
            </Field>
            <Field
              field={fields.madeToMeasureDays}
              label="Production time (working days)"
              hint={`${MADE_TO_MEASURE_DAYS.min}–${MADE_TO_MEASURE_DAYS.max}; shown to the shopper before dispatch.`}
            >
              <TextInput
                field={fields.madeToMeasureDays}
                type="number"
                inputMode="numeric"
                min={MADE_TO_MEASURE_DAYS.min}
                max={MADE_TO_MEASURE_DAYS.max}
                step={1}
                className="tabular-nums"
                hint
              />
            </Field>
          </div>
        </FormSection>

        <FormSection title="Materials and care" description="One per line.">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field field={fields.materials} label="Materials" optional>
              <TextareaInput field={fields.materials} rows={4} placeholder={"Hand-woven kente cotton\nSilk-blend lining"} />
            </Field>
            <Field field={fields.care} label="Care instructions" optional>
              <TextareaInput field={fields.care} rows={4} placeholder={"Dry clean only\nIron on low heat"} />
            </Field>
          </div>
        </FormSection>

        {after && (
          <section aria-labelledby="product-history-heading" className="grid gap-4 border-t border-border pt-5">
            <div>
              <h3 id="product-history-heading" className="font-display text-xl font-semibold text-charcoal">
                Change history
              </h3>
              <p className="mt-0.5 text-xs text-stone">The latest changes made in the admin, newest first.</p>
            </div>
            {after}
          </section>
        )}
      </div>

      <div className="sticky bottom-0 z-10 flex flex-col gap-3 border-t border-border bg-ivory/95 px-6 py-4 backdrop-blur sm:flex-row sm:items-center sm:justify-between">
        <div id={form.errorId} className="min-w-0">
          {message && <FormAlert title={message} inline />}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {mayEdit ? (
            <Button type="submit" disabled={busy}>
              {busy && <Icon of={LoaderCircle} className="animate-spin" />}
              {busy ? "Saving…" : product ? "Save Changes" : "Create Product"}
            </Button>
          ) : (
            <p className="self-center text-sm text-stone">Your role reads products; stock counts change through Import stock.</p>
          )}
        </div>
      </div>
    </fetcher.Form>
  );
}

/** A titled group of fields inside the product dialog. */
function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full">
        <span className="block font-display text-xl font-semibold text-charcoal">{title}</span>
        {description && <span className="mt-0.5 block text-xs text-stone">{description}</span>}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * After the server refused a save, take the admin to the first field that needs attention.
 * Conform focuses the first invalid control by its name; a photo's error belongs to the hidden
 * `imageUrl` input, so its file input (aria-invalid) is found here instead.
 */
function useFocusServerError(formId: string, answer: ProductActionResult | null, errors: unknown) {
  const handled = useRef<ProductActionResult | null>(null);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    const form = document.getElementById(formId);
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    handled.current = answer;
    if (document.activeElement?.getAttribute("aria-invalid") !== "true") first.focus();
  }, [formId, answer, errors]);
}
