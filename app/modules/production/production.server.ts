import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems } from "~db/schema/orders";
import { orderProductionSteps } from "~db/schema/production";
import { localDay } from "~/lib/dates";
import { getStoreSettings } from "~/modules/settings/settings.server";
import {
  isProductionStep,
  PRODUCTION_LINE_KINDS,
  productionProgress,
  productionStepWords,
  type ProductionMove,
  type ProductionStep,
  type StepState,
} from "./production-steps";
import { expectedReadyDay } from "./ready-date";

/**
 * What the workshop's progress on an order looks like to staff (the order's Production panel) and
 * to the customer (their order's page). Only orders holding a made-to-measure or custom line have
 * one; the command that moves it is production-moves.server.ts.
 */

/** One move as staff see it. */
export interface StaffProductionMove extends ProductionMove {
  id: number;
  note: string | null;
  movedBy: string;
  customerEmailedAt: string | null;
}

export interface StaffProduction {
  orderId: string;
  current: ProductionStep | null;
  steps: { step: ProductionStep; state: StepState; reached: StaffProductionMove | null }[];
  /** Every move, oldest first: corrections (moves back) with their reasons included. */
  moves: StaffProductionMove[];
  /** The largest production time of its workshop lines, in working days (null: none given). */
  productionDays: number | null;
  /** The expected ready day ("YYYY-MM-DD", the store's calendar), and today's there. */
  readyDay: string | null;
  today: string;
}

/** Whether the order holds workshop lines, and the longest of their production times. */
export async function workshopLinesOf(db: Db, orderId: string): Promise<{ workshop: boolean; productionDays: number | null }> {
  const [row] = await db
    .select({
      lines: sql<string>`count(*)`,
      days: sql<number | null>`max(coalesce(${orderItems.productionDays}, ${orderItems.madeToMeasureDays}))`,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.kind, [...PRODUCTION_LINE_KINDS])));
  const days = row?.days == null ? null : Number(row.days);
  return { workshop: Number(row?.lines ?? 0) > 0, productionDays: days };
}

/** The order's moves, oldest first (their ids are taken in the order they were made). */
export async function productionMovesOf(db: Db, orderId: string): Promise<StaffProductionMove[]> {
  const rows = await db
    .select()
    .from(orderProductionSteps)
    .where(eq(orderProductionSteps.orderId, orderId))
    .orderBy(asc(orderProductionSteps.id));
  return rows.flatMap((r) =>
    isProductionStep(r.step)
      ? [
          {
            id: r.id,
            step: r.step,
            back: r.back,
            at: r.createdAt.toISOString(),
            note: r.note,
            movedBy: r.movedBy,
            customerEmailedAt: r.customerEmailedAt?.toISOString() ?? null,
          },
        ]
      : [],
  );
}

/**
 * The Production panel's data, or null for an order with no workshop line. A cancelled order
 * still shows what was done (the panel then offers no move).
 */
export async function staffProductionOf(db: Db, order: { id: string; createdAt: string | Date }): Promise<StaffProduction | null> {
  const [{ workshop, productionDays }, moves, settings] = await Promise.all([
    workshopLinesOf(db, order.id),
    productionMovesOf(db, order.id),
    getStoreSettings(db),
  ]);
  if (!workshop) return null;
  const { current, steps } = productionProgress(moves);
  return {
    orderId: order.id,
    current,
    steps,
    moves,
    productionDays,
    readyDay: expectedReadyDay(order.createdAt, productionDays, settings.timezone),
    today: localDay(settings.timezone),
  };
}

/** One step as the customer reads it: no staff names, notes or corrections. */
export interface CustomerProductionStep {
  step: ProductionStep;
  label: string;
  description: string;
  /** done (reached, or passed over), current, or still to come. */
  state: "done" | "current" | "upcoming";
  /** When it was reached (ISO); null for a step passed over or to come. */
  reachedAt: string | null;
}

export interface CustomerProduction {
  current: ProductionStep | null;
  steps: CustomerProductionStep[];
  /** The expected ready day ("YYYY-MM-DD"); when ready, the day it was. */
  readyDay: string | null;
  readyAt: string | null;
}

/**
 * Where the customer's garment is, for their order's page: null for an order with no workshop
 * line and for a cancelled one. Read by the order's id only, so a page never shows another's.
 */
export async function customerProductionOf(
  db: Db,
  order: { id: string; orderStatus: string; createdAt: string | Date },
): Promise<CustomerProduction | null> {
  if (order.orderStatus === "cancelled") return null;
  const production = await staffProductionOf(db, order);
  if (!production) return null;
  const ready = production.current === "ready" ? (production.steps.at(-1)?.reached ?? null) : null;
  return {
    current: production.current,
    steps: production.steps.map(({ step, state, reached }) => ({
      step,
      label: productionStepWords[step].label,
      description: productionStepWords[step].customer,
      // A step the workshop did not need (no fitting for a client abroad) reads as done.
      state: state === "skipped" ? "done" : state,
      reachedAt: reached?.at ?? null,
    })),
    readyDay: production.readyDay,
    readyAt: ready?.at ?? null,
  };
}
