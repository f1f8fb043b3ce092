import { Plus, Trash2 } from "lucide";
import { useState } from "react";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { formatMoney, type CurrencyCode } from "~/lib/money";
import { measurementFields } from "~/modules/measurements/measurement-fields";
import { measurementsSummary, productionTimeText } from "~/modules/measurements/measurements";
import { checkPickedImage, PRODUCT_IMAGE_ACCEPT } from "~/modules/catalog/product-image-rules";
import { lineTotal } from "~/modules/pricing/order-totals";
import type { TypedCustomPiece } from "~/modules/staff-orders/draft-action.server";
import { CUSTOM_LINE_PHOTO_FIELD } from "~/modules/staff-orders/custom-line-photo";
import { MADE_TO_MEASURE } from "~/modules/staff-orders/draft-form.schema";
import { DraftField, DraftSearch, DraftSection } from "./draft-field";
import type { DraftEditorData, DraftErrors } from "./draft-types";

/** The draft's pieces (each priced by the catalogue now), and adding one from the catalogue or made for the customer. */
export function DraftPiecesSection({
  data,
  errors,
  typed,
}: {
  data: DraftEditorData;
  errors: DraftErrors;
  /** The custom piece as typed when its photo was refused. */
  typed: TypedCustomPiece | undefined;
}) {
  const { priced } = data;
  const money = (pesewas: number) => formatMoney(pesewas, data.currency as CurrencyCode);
  return (
    <DraftSection id="draft-pieces-heading" title="Pieces" description="Prices come from the catalogue as it is now, as at checkout.">
      {priced.lines.length === 0 ? (
        <p className="rounded-sm border border-dashed border-border p-4 text-sm text-stone">
          No pieces yet: find one below, or add a custom piece.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-sm border border-border" aria-label="Pieces in this order">
          {priced.lines.map((line) => (
            <li key={line.index} className="grid gap-3 p-3 sm:grid-cols-[1fr_auto_auto] sm:items-center">
              <div className="flex min-w-0 items-start gap-3">
                {/* The catalogue's picture, or the custom piece's photo; its name says what it is. */}
                {line.imageUrl && <ProductThumbnail base={line.imageUrl} width={48} className="h-[60px] w-12 shrink-0" />}
                <div className="min-w-0">
                  <p className="font-medium">{line.name}</p>
                  <p className="text-sm text-stone">
                    {[
                      line.color,
                      line.size && `Size ${line.size}`,
                      line.kind === "made_to_measure" && "Made to measure",
                      line.kind === "custom" && "Custom piece",
                      line.productionDays !== null && productionTimeText(line.productionDays),
                      line.problem ? null : `${money(line.unitPrice)} each`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {line.measurements && <p className="text-xs text-stone">{measurementsSummary(line.measurements)}</p>}
                  {line.problem && (
                    <p className="mt-1 text-sm font-medium text-destructive" role="alert">
                      {line.problem}
                    </p>
                  )}
                </div>
              </div>
              <DraftField
                name={`quantities[${line.index}]`}
                label={<span className="sr-only">Quantity of {line.name}</span>}
                className="w-20"
              >
                {(control) => <Input {...control} type="number" min={1} max={999} defaultValue={line.quantity} inputMode="numeric" />}
              </DraftField>
              <div className="flex items-center justify-between gap-3 sm:justify-end">
                <span className="font-semibold tabular-nums">{line.problem ? "—" : money(lineTotal(line))}</span>
                <Button
                  type="submit"
                  name="intent"
                  value="remove-line"
                  formAction={`?line=${line.index}`}
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${line.name}`}
                >
                  <Icon of={Trash2} />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddFromCatalogue data={data} errors={errors} />
      {/*
        Emptied once a custom piece is added (its count changes), as the page is without
        JavaScript, so the next one does not start with this one's words and photo.
      */}
      <AddCustomPiece key={priced.lines.filter((l) => l.kind === "custom").length} errors={errors} typed={typed} />
    </DraftSection>
  );
}

function AddFromCatalogue({ data, errors }: { data: DraftEditorData; errors: DraftErrors }) {
  const { find, product } = data;
  const money = (pesewas: number) => formatMoney(pesewas, data.currency as CurrencyCode);
  return (
    <div className="grid gap-3 rounded-sm bg-sand/40 p-4">
      <h3 className="font-semibold">Add a piece from the catalogue</h3>
      <DraftSearch
        name="productSearch"
        label="Piece's name"
        placeholder="e.g. kaftan"
        defaultValue={find?.text ?? ""}
        intent="find-product"
      />
      {find && !product && (
        <div aria-live="polite">
          {find.products.length === 0 ? (
            <p className="text-sm text-stone">No piece matches “{find.text}”.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Matching pieces">
              {find.products.map((p) => (
                <li key={p.id}>
                  <Button
                    type="submit"
                    name="intent"
                    value="choose-product"
                    formAction={`?product=${p.id}`}
                    variant="outline"
                    className="h-auto w-full justify-between py-2 text-left whitespace-normal"
                  >
                    <span>{p.name}</span>
                    <span className="tabular-nums">{money(p.price)}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {product && (
        <fieldset className="grid gap-3 rounded-sm border border-border bg-white p-4">
          <legend className="px-1 font-semibold">
            {product.name} · {money(product.price)}
          </legend>
          <input type="hidden" name="pickProduct" value={product.id} />
          <div className="grid gap-3 sm:grid-cols-3">
            {product.colors.length > 0 && (
              <DraftField name="pickColor" label="Colour" error={errors.pickColor}>
                {(control) => (
                  <NativeSelect {...control} defaultValue="0">
                    {product.colors.map((c) => (
                      <option key={c.index} value={c.index}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </DraftField>
            )}
            <DraftField name="pickSize" label="Size" error={errors.pickSize}>
              {(control) => (
                <NativeSelect {...control} defaultValue="">
                  <option value="">Choose</option>
                  {product.sizes.map((size) => (
                    <option key={size} value={size}>
                      {size}
                      {product.colors.length > 0
                        ? ` — ${product.colors.map((c) => `${c.name} ${product.stock[`${c.name}|${size}`] ?? 0}`).join(", ")} in stock`
                        : ` — ${product.stock[`|${size}`] ?? 0} in stock`}
                    </option>
                  ))}
                  {product.madeToMeasure && (
                    <option value={MADE_TO_MEASURE}>
                      Made to measure (+{money(product.madeToMeasure.surcharge)}, {productionTimeText(product.madeToMeasure.days)})
                    </option>
                  )}
                </NativeSelect>
              )}
            </DraftField>
            <DraftField name="pickQuantity" label="Quantity" error={errors.pickQuantity}>
              {(control) => <Input {...control} type="number" min={1} max={999} defaultValue={1} inputMode="numeric" />}
            </DraftField>
          </div>
          {product.madeToMeasure && <MeasurementFields errors={errors} />}
          <div>
            <Button type="submit" name="intent" value="add-product">
              <Icon of={Plus} /> Add to order
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}

/** The customer's measurements, read only when the size is "Made to measure". */
function MeasurementFields({ errors }: { errors: DraftErrors }) {
  const open = Object.keys(errors).some((key) => key.startsWith("measurements"));
  return (
    <details open={open} className="rounded-sm border border-border p-3">
      <summary className="cursor-pointer text-sm font-medium">Measurements (made to measure only)</summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-4">
        <DraftField name="measurements.unit" label="Unit" error={errors["measurements.unit"]}>
          {(control) => (
            <NativeSelect {...control} defaultValue="cm">
              <option value="cm">Centimetres</option>
              <option value="in">Inches</option>
            </NativeSelect>
          )}
        </DraftField>
        {measurementFields.map((field) => (
          <DraftField
            key={field.key}
            name={`measurements.values.${field.key}`}
            label={field.label}
            error={errors[`measurements.values.${field.key}`]}
          >
            {(control) => <Input {...control} inputMode="decimal" autoComplete="off" />}
          </DraftField>
        ))}
      </div>
    </details>
  );
}

/**
 * A piece made for this customer alone, with an optional photo (JPEG, PNG or WebP, up to 8 MB:
 * looked at here when picked, checked by its content on the server when added).
 */
function AddCustomPiece({ errors, typed }: { errors: DraftErrors; typed: TypedCustomPiece | undefined }) {
  const [pickedProblem, setPickedProblem] = useState<string | null>(null);
  return (
    <div className="grid gap-3 rounded-sm bg-sand/40 p-4">
      <h3 className="font-semibold">Add a custom piece</h3>
      <p className="text-sm text-stone">Something made for this customer alone: describe it, price it and say how long it takes.</p>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr]">
        <DraftField name="customDescription" label="Description" error={errors.customDescription}>
          {(control) => (
            <Input {...control} defaultValue={typed?.description} autoComplete="off" placeholder="Wedding agbada in family kente" />
          )}
        </DraftField>
        <DraftField name="customPrice" label="Price (₵)" error={errors.customPrice}>
          {(control) => <Input {...control} defaultValue={typed?.price} inputMode="decimal" autoComplete="off" />}
        </DraftField>
        <DraftField name="customQuantity" label="Quantity" error={errors.customQuantity}>
          {(control) => <Input {...control} type="number" min={1} max={999} defaultValue={typed?.quantity ?? 1} inputMode="numeric" />}
        </DraftField>
        <DraftField name="customDays" label="Working days" error={errors.customDays}>
          {(control) => <Input {...control} type="number" min={1} max={365} defaultValue={typed?.days ?? 14} inputMode="numeric" />}
        </DraftField>
      </div>
      <DraftField
        name={CUSTOM_LINE_PHOTO_FIELD}
        label="Photo"
        optional
        hint="A sketch, the cloth or a piece like it. JPEG, PNG or WebP, up to 8 MB; the customer sees it with the order."
        error={pickedProblem ?? errors[CUSTOM_LINE_PHOTO_FIELD]}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={PRODUCT_IMAGE_ACCEPT}
            className="block w-full max-w-full cursor-pointer rounded-sm border border-dashed border-border bg-white p-2 text-sm text-stone file:mr-3 file:cursor-pointer file:rounded-sm file:border-0 file:bg-forest file:px-3 file:py-2 file:text-xs file:font-semibold file:text-ivory hover:file:bg-forest-deep"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              const problem = file ? checkPickedImage(file) : null;
              setPickedProblem(problem);
              // A file the shop would refuse is not sent (the server checks the rest by its content).
              if (problem) event.currentTarget.value = "";
            }}
          />
        )}
      </DraftField>
      <div>
        <Button type="submit" name="intent" value="add-custom" variant="outline">
          <Icon of={Plus} /> Add custom piece
        </Button>
      </div>
    </div>
  );
}
