/** The look the order details' payment cards share (attempts, refunds, disputes). */
export const paymentCard = "rounded-md border border-border bg-white p-4";
export const pill = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset";
