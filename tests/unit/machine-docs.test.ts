import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, machineDocs, mermaidDiagram, mermaidLabel } from '../machines/machineDocs';
import { checkoutMachine } from '../../machines/checkout.machine';

describe('docs/machines', () => {
  it('holds one fresh page per machine and nothing else (npm run machines:docs regenerates them)', async () => {
    const pages = await machineDocs();
    const onDisk = fs.existsSync(DOCS_DIR)
      ? fs
          .readdirSync(DOCS_DIR)
          .filter((f) => f.endsWith('.md'))
          .sort()
      : [];
    expect(onDisk).toEqual([...pages.keys()].sort());
    const stale = [...pages].filter(([file, text]) => fs.readFileSync(path.join(DOCS_DIR, file), 'utf8') !== text).map(([f]) => f);
    expect(stale, 'stale pages: run `npm run machines:docs`').toEqual([]);
  }, 60_000);

  it('draws the checkout from its definition: nested steps, guards and cross-step arrows', () => {
    const diagram = mermaidDiagram(checkoutMachine).join('\n');
    expect(diagram).toContain('state "address" as s_checkout_address {');
    expect(diagram).toContain('s_checkout_delivery --> s_checkout_address : step.next [hasDeliveryType]');
    // A refusal of the summary's submitting child goes back to step 4: drawn between the steps.
    expect(diagram).toContain('s_checkout_summary --> s_checkout_details : done placeOrder [isDetailsRefusal] (from submitting)');
    expect(diagram).toContain('s_checkout_placed --> [*]');
  });

  it('keeps labels free of what ends or comments out a Mermaid label', () => {
    expect(mermaidLabel('a: b; #1 <i>"x"</i> 50%%\nz')).toBe("a b, no. 1 ‹i›'x'‹/i› 50 pct pct z");
  });
});
