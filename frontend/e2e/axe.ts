import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The page's axe-core violations, one line each: the rule, then the elements breaking it. */
export async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page })
    // Off by default in axe (WCAG 2.2): targets of at least 24 px, or spaced as if they were.
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return found.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
