import type { ReactNode } from "react";
import type { MeasurementKey } from "~/modules/measurements/measurements";

/**
 * A small drawing of a standing figure with where the tape goes for one measurement drawn in
 * gold: loaded on its own (MeasurementsFields imports it lazily), so no page pays for it before
 * the measurement boxes are shown. Decorative beside each box's words (which say the same), so
 * hidden from screen readers.
 */

/** The tape for each measurement, in the figure's 60 × 120 frame. */
const TAPES: Record<MeasurementKey, ReactNode> = {
  chest: <ellipse cx="30" cy="30" rx="13" ry="2.6" />,
  waist: <ellipse cx="30" cy="47" rx="10.8" ry="2.2" />,
  hips: <ellipse cx="30" cy="58" rx="12.8" ry="2.4" />,
  shoulder: <Line x1={16.5} y1={21.5} x2={43.5} y2={21.5} />,
  sleeve: <Line x1={45} y1={21.5} x2={51.5} y2={61} />,
  topLength: <Line x1={36} y1={19.5} x2={36} y2={65} />,
  trouserLength: <Line x1={17} y1={47} x2={20.5} y2={112} />,
  inseam: <Line x1={29} y1={66} x2={27.6} y2={112} />,
  neck: <ellipse cx="30" cy="17.8" rx="4" ry="1.3" />,
  height: <Line x1={5} y1={3.5} x2={5} y2={113.5} />,
};

/** A measured line with a dot at each end, as a tailor's sketch marks one. */
function Line({ x1, y1, x2, y2 }: { x1: number; y1: number; x2: number; y2: number }) {
  return (
    <>
      <line x1={x1} y1={y1} x2={x2} y2={y2} />
      <circle cx={x1} cy={y1} r="1.3" fill="currentColor" stroke="none" />
      <circle cx={x2} cy={y2} r="1.3" fill="currentColor" stroke="none" />
    </>
  );
}

export default function MeasurementDiagram({ measure, className }: { measure: MeasurementKey; className?: string }) {
  return (
    <svg viewBox="0 0 60 120" aria-hidden="true" focusable="false" className={className} data-measure={measure}>
      <g fill="var(--color-sand-deep)" stroke="var(--color-stone)" strokeWidth="0.8" strokeLinejoin="round" opacity="0.75">
        <circle cx="30" cy="9.5" r="6" />
        <path d="M27 15h6v5h-6z" />
        {/* Torso: shoulders, chest, waist, hips down to the crotch. */}
        <path d="M27 19.5 L16.5 21.5 Q15.5 24 17.5 32 Q19.5 42 19.5 47 Q17.5 53 17 58 L17.5 63 L30 65.5 L42.5 63 L43 58 Q42.5 53 40.5 47 Q40.5 42 42.5 32 Q44.5 24 43.5 21.5 L33 19.5 Z" />
        {/* Arms. */}
        <path d="M16.5 21.5 Q12.5 23 11.5 30 L8.5 60 Q9.5 62.5 12 61 L15 40 L17.5 32 Z" />
        <path d="M43.5 21.5 Q47.5 23 48.5 30 L51.5 60 Q50.5 62.5 48 61 L45 40 L42.5 32 Z" />
        {/* Legs. */}
        <path d="M17.5 63 L20 112 L27 112 L29 66 L30 65.5 Z" />
        <path d="M42.5 63 L40 112 L33 112 L31 66 L30 65.5 Z" />
      </g>
      <g fill="none" stroke="var(--color-gold-ink)" strokeWidth="1.8" strokeLinecap="round" className="text-gold-ink">
        {TAPES[measure]}
      </g>
    </svg>
  );
}
