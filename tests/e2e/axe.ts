import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.0/2.1 A and AA: what every page of the shop is checked against. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Waits for fonts and any finite animation, so colours are measured at rest, not mid-fade. */
export async function settleForAxe(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Something mounted a moment ago (a toast) starts its transition a frame or two later, after
    // a single look would have found nothing: look again after each wait, a few times at most.
    for (let look = 0; look < 5; look++) {
      await nextFrame();
      await nextFrame();
      const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      if (finite.length === 0) return;
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * axe on a page at rest: a run during which something began to move (a toast's auto-dismiss
 * starting its fade while axe measures it) measured colours mid-transition, so the page is
 * settled again and checked again. A page that never stops moving keeps the last run's findings.
 */
async function analyzeAtRest(page: Page, scope?: string) {
  for (let run = 1; ; run++) {
    await settleForAxe(page);
    await page.evaluate(() => {
      const w = window as unknown as { axeSawMotion?: boolean };
      w.axeSawMotion = false;
      const saw = () => (w.axeSawMotion = true);
      for (const type of ["transitionrun", "animationstart"]) document.addEventListener(type, saw, { capture: true, once: true });
    });
    const builder = new AxeBuilder({ page }).withTags(TAGS);
    const results = await (scope ? builder.include(scope) : builder).analyze();
    const moved = await page.evaluate(() => (window as unknown as { axeSawMotion?: boolean }).axeSawMotion === true);
    if (!moved || run === 3) return results;
  }
}

/**
 * axe-core on what is on screen now, or only inside `scope` (an open modal: the page behind
 * it is inert). Any serious or critical violation fails, listing each with its elements.
 */
export async function expectNoSeriousViolations(page: Page, label: string, scope?: string): Promise<void> {
  const results = await analyzeAtRest(page, scope);
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n` +
        v.nodes
          .map((n) => {
            const why = (n.failureSummary ?? "").split("\n").slice(1).join(" ").trim();
            return `    target: ${n.target.join(" ")}\n    html:   ${n.html.slice(0, 160)}\n    why:    ${why}`;
          })
          .join("\n"),
    )
    .join("\n");
  expect(serious.length, `axe found serious or critical violations on ${label}:\n${report}\n`).toBe(0);
}
