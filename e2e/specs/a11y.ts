import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// The accessibility guard (issue 16): every screen a journey reaches is checked by axe-core against WCAG 2.0 and 2.1,
// levels A and AA. A violation fails the test (softly: the journey goes on, so one run lists every screen's problems).

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Screens already checked by this worker (the one worker of a run goes through every spec): a screen reached again by
// another journey in the same state is not analysed twice, which keeps the run short. Name a screen by its state
// (« process: step returned ») when that state shows something else.
const checked = new Set<string>();

/** One line per element in violation: the screen, the rule, its impact, the element and what to do. */
export function describeViolations(screen: string, violations: Result[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => {
      const target = n.target.map((t) => (typeof t === 'string' ? t : JSON.stringify(t))).join(' ');
      // What axe measured (the contrast ratio and colours…) and the element itself, shortened: enough to find it.
      const found = [...n.any, ...n.all, ...n.none].map((c) => c.message).find(Boolean) ?? '';
      const bare = n.html.replace(/\s(?:class|style)="[^"]*"/g, '');
      const html = bare.length > 160 ? `${bare.slice(0, 157)}...` : bare;
      return `${screen} · ${v.id} (${v.impact ?? 'n/a'}) · ${target} · ${v.help} · ${found} · ${html}`;
    }),
  );
}

/**
 * Runs axe on the page as it is now (the caller has waited for the screen's content) and fails the test, listing the
 * violations, when it finds any of level A or AA. Transitions still running (a dialog fading in) are let finish first:
 * a colour read half-way through its fade would be wrong.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  if (checked.has(screen)) return;
  checked.add(screen);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  // Only the violations are wanted: axe then keeps no detail of the passing checks, which is most of its time on a
  // long table. `options` before `withTags`: it replaces every option, the tags included.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_A_AA)
    .analyze();
  expect.soft(describeViolations(screen, results.violations), `axe : violations WCAG A/AA sur « ${screen} »`).toEqual([]);
}
