import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { UrlDialogState } from "./use-url-dialog";

/**
 * The details dialog of an admin list row, opened through the URL (useUrlDialog): a skeleton
 * while the row's record loads (the dialog opens at once), "not found" when the loader found
 * none, else the record under its title and description.
 */
export function DetailsDialog({
  id,
  state,
  onClose,
  title,
  description,
  loadingLabel,
  missing,
  children,
}: {
  /** Names the description, e.g. "order-details". */
  id: string;
  state: UrlDialogState;
  onClose: () => void;
  /** The record's title; null until it has loaded. */
  title: ReactNode | null;
  description: ReactNode;
  /** e.g. "Loading order details". */
  loadingLabel: string;
  missing: { title: string; body: string };
  children: ReactNode;
}) {
  const descriptionId = `${id}-description`;
  return (
    <Dialog open={state !== "closed"} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl p-6 md:p-8" aria-describedby={descriptionId}>
        {state === "shown" && title ? (
          <>
            <DialogTitle className="pr-10">{title}</DialogTitle>
            <DialogDescription id={descriptionId}>{description}</DialogDescription>
            {children}
          </>
        ) : state === "missing" ? (
          <>
            <DialogTitle>{missing.title}</DialogTitle>
            <DialogDescription id={descriptionId} className="mt-2">
              {missing.body}
            </DialogDescription>
          </>
        ) : (
          <div aria-busy="true">
            <DialogTitle className="sr-only">{loadingLabel}</DialogTitle>
            <DialogDescription id={descriptionId} className="sr-only">
              {loadingLabel}...
            </DialogDescription>
            <div className="h-9 w-64 max-w-full animate-pulse rounded-sm bg-sand" />
            <div className="mt-3 h-4 w-80 max-w-full animate-pulse rounded-sm bg-sand" />
            <div className="mt-8 grid gap-6 md:grid-cols-2">
              <div className="h-40 animate-pulse rounded-md bg-sand" />
              <div className="h-40 animate-pulse rounded-md bg-sand" />
            </div>
            <div className="mt-8 h-40 animate-pulse rounded-md bg-sand" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A labelled value in a details dialog (inside a <dl>). */
export function DetailsField({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-charcoal">{children}</dd>
    </div>
  );
}

/** A titled part of a details dialog ("Items", "Order history"). */
export function DetailsSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `details-${title.toLowerCase().replace(/\W+/g, "-")}-heading`;
  return (
    <section aria-labelledby={id} className={className ?? "mt-7"}>
      <h3 id={id} className="mb-3 font-display text-xl font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

const contactLink = "text-forest underline-offset-4 hover:underline";

/** Email and phone as links (mailto:, tel:) in a details dialog's <dl>. */
export function ContactFields({ email, phone }: { email: string; phone: string }) {
  return (
    <>
      <DetailsField label="Email">
        <a className={contactLink} href={`mailto:${email}`}>
          {email}
        </a>
      </DetailsField>
      <DetailsField label="Phone">
        <a className={contactLink} href={`tel:${phone.replace(/\s+/g, "")}`}>
          {phone}
        </a>
      </DetailsField>
    </>
  );
}
