/**
 * The workshop's steps for a made-to-measure or custom garment (issue 46, part 5; decision 040),
 * in the order the work is done. Staff move an order along them; a step may be skipped (no
 * fitting for a client abroad), and going back is a correction that needs a reason.
 * Isomorphic: the admin panel, the customer's page and the server read the same words.
 */
export const productionSteps = ["measured", "cutting", "sewing", "fitting", "finishing", "ready"] as const;
export type ProductionStep = (typeof productionSteps)[number];

/** What staff and customers read for each step, and what the customer's page says it means. */
export const productionStepWords: Record<ProductionStep, { label: string; customer: string }> = {
  measured: { label: "Measured", customer: "Your measurements are checked and your cloth is chosen." },
  cutting: { label: "Cutting", customer: "Your cloth is being cut to your measurements." },
  sewing: { label: "Sewing", customer: "Your garment is being sewn in our Accra workshop." },
  fitting: { label: "Fitting", customer: "Your garment is ready to try on, so we can adjust it to you." },
  finishing: { label: "Finishing", customer: "Final touches: hand finishing, pressing and a last inspection." },
  ready: { label: "Ready", customer: "Finished, pressed and inspected: your garment is ready for you." },
};

export function isProductionStep(value: unknown): value is ProductionStep {
  return typeof value === "string" && (productionSteps as readonly string[]).includes(value);
}

export function productionStepLabel(step: ProductionStep): string {
  return productionStepWords[step].label;
}

/** 0 for measured … 5 for ready; -1 for "not started" (null). */
export function stepIndex(step: ProductionStep | null): number {
  return step === null ? -1 : productionSteps.indexOf(step);
}

/** The step after `step` (the first one when not started), or null once ready. */
export function nextProductionStep(step: ProductionStep | null): ProductionStep | null {
  return productionSteps[stepIndex(step) + 1] ?? null;
}

/** Line kinds made in the workshop: an order holding one has production steps. */
export const PRODUCTION_LINE_KINDS = ["made_to_measure", "custom"] as const;

/** One recorded move, as the progress reads it (oldest first). */
export interface ProductionMove {
  step: ProductionStep;
  /** A correction back to an earlier step (its note is the reason). */
  back: boolean;
  at: string;
}

/** Where each step stands for a progress list: reached (with when), skipped, current or to come. */
export type StepState = "done" | "skipped" | "current" | "upcoming";

export interface StepProgress<M extends ProductionMove = ProductionMove> {
  step: ProductionStep;
  state: StepState;
  /** The move that last reached this step while it still counts (null: skipped or to come). */
  reached: M | null;
}

/**
 * The order's current step (the newest move's) and each step's state. A step before the current
 * one that no move reached was skipped; a step reached and later gone back over is to come again,
 * so the list always reads as the garment stands now.
 */
export function productionProgress<M extends ProductionMove>(
  moves: readonly M[],
): { current: ProductionStep | null; steps: StepProgress<M>[] } {
  const current = moves.at(-1)?.step ?? null;
  const currentIndex = stepIndex(current);
  const steps = productionSteps.map((step, index): StepProgress<M> => {
    if (index > currentIndex) return { step, state: "upcoming", reached: null };
    const reached = lastStandingReach(moves, step);
    if (index === currentIndex) return { step, state: "current", reached };
    return { step, state: reached ? "done" : "skipped", reached };
  });
  return { current, steps };
}

/** The last move that reached `step` with no later move going back before it (else it no longer counts). */
function lastStandingReach<M extends ProductionMove>(moves: readonly M[], step: ProductionStep): M | null {
  const index = stepIndex(step);
  for (let i = moves.length - 1; i >= 0; i--) {
    const move = moves[i]!;
    if (stepIndex(move.step) < index) return null;
    if (move.step === step) return move;
  }
  return null;
}

/** The orders list's Production filter (?production=): a current step, or workshop orders not started. */
export const productionFilters = ["not-started", ...productionSteps] as const;
export type ProductionFilter = (typeof productionFilters)[number];
