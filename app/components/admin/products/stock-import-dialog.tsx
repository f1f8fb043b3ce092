import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, LoaderCircle, Upload } from "lucide";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Field, FormAlert } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { notify } from "~/components/ui/toaster";
import { cn } from "~/lib/cn";
import { STOCK_IMPORT_ACCEPT, stockImportSchema } from "~/modules/catalog/stock-import.schema";
import type { StockImportAnswer } from "./product-action";

/** Where the stocktake sheet downloads from (routes/admin/products-stock-export.ts). */
export const STOCK_EXPORT_HREF = "/admin/products/stock.csv";

/** The products page's "Export stock" link and "Import stock" button with its dialog. */
export function StockCsvActions() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a href={STOCK_EXPORT_HREF} download className={buttonVariants({ variant: "outline" })}>
        <Icon of={Download} /> Export stock
      </a>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Icon of={Upload} /> Import stock
      </Button>
      <StockImportDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/**
 * "Import stock": a CSV with the columns SKU and Stock (the stock export fits as it is) sets
 * the stock of each listed size and colour, all or nothing (docs/product-rules.md §5). A refusal
 * lists every bad row; the dialog stays open so the file can be corrected and sent again.
 * The list behind it reloads after an import, like after any product save.
 */
export function StockImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<StockImportAnswer>();
  const busy = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (result.ok) notify.success("Stock imported", { description: result.message });
    else notify.error("Stock not imported", { description: result.message });
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <div className="px-6 pt-6 pb-2">
          <DialogTitle>Import stock</DialogTitle>
          <DialogDescription className="mt-1">
            Upload a CSV with the columns SKU and Stock. The simplest is the{" "}
            <a href={STOCK_EXPORT_HREF} download className="font-semibold text-forest underline underline-offset-4">
              stock export
            </a>
            : count, change its Stock column and upload it as it is. If any row is wrong, nothing changes.
          </DialogDescription>
        </div>
        <StockImportForm fetcher={fetcher} busy={busy} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function StockImportForm({
  fetcher,
  busy,
  onClose,
}: {
  fetcher: ReturnType<typeof useFetcher<StockImportAnswer>>;
  busy: boolean;
  onClose: () => void;
}) {
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: "stock-import",
    lastResult: answer && !answer.ok ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stockImportSchema, disableAutoCoercion: true }),
  });
  const { key, ...fileProps } = getInputProps(fields.file, { type: "file", ariaDescribedBy: fields.file.descriptionId });
  // A field error (no file, too large) shows under the picker; anything else as the answer's alert.
  const refusal = answer && !answer.ok && !answer.result ? answer : null;

  return (
    <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-5 px-6 pt-3 pb-6">
      <input type="hidden" name="intent" value="import-stock" />
      <Field field={fields.file} label="Stock CSV" hint="A .csv file of at most 1 MB. Other columns (Product, Colour, Size) are ignored.">
        <input
          key={key}
          {...fileProps}
          accept={STOCK_IMPORT_ACCEPT}
          className={cn(
            "block w-full max-w-full cursor-pointer rounded-sm border border-border bg-white p-1.5 text-sm text-charcoal file:mr-3 file:cursor-pointer file:rounded-sm file:border-0 file:bg-forest file:px-3 file:py-2 file:text-xs file:font-semibold file:text-ivory hover:file:bg-forest-deep",
            fields.file.errors && "border-destructive",
          )}
        />
      </Field>

      {answer?.ok && <FormAlert tone="success" title={answer.message} />}
      {refusal && <ImportRefusal message={refusal.message} problems={refusal.problems ?? []} />}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {answer?.ok ? "Done" : "Cancel"}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Icon of={LoaderCircle} className="animate-spin" /> : <Icon of={Upload} />}
          {busy ? "Importing…" : "Import stock"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Why nothing changed: the file's problem, or every bad row, in a box that scrolls when long. */
function ImportRefusal({ message, problems }: { message: string; problems: string[] }) {
  return (
    <div role="alert" className="rounded-sm border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
      <p className="font-semibold">{message}</p>
      {problems.length > 0 && (
        <ul
          // Focusable so a keyboard can scroll a long list.
          tabIndex={0}
          aria-label="Rows to correct"
          className="mt-2 max-h-56 list-disc space-y-1 overflow-y-auto pl-5 text-charcoal focus-visible:outline-2 focus-visible:outline-gold"
        >
          {problems.map((problem, index) => (
            <li key={`${index}-${problem}`}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
