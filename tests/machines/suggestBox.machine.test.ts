import { describe, expect, it } from 'vitest';
import { connectSuggestBox, suggestBoxMachine, type SuggestBoxEvent } from '../../machines/suggestBox.machine';
import { suggestBoxEntry } from './cassa.entries';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths } from './pathCoverage';

const paths = generatePaths(suggestBoxMachine, suggestBoxEntry);

describe('suggestion popup machine: path coverage', () => {
  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(suggestBoxEntry, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    await replayEntryPath(suggestBoxEntry, path, {
      assertInvariant: (snapshot, { step, previous }) => {
        const sent: SuggestBoxEvent[] = [];
        const view = connectSuggestBox(snapshot, (event) => sent.push(event));
        const type = step.event.type;

        // The popup shows while the box has focus and for 200 ms after it leaves (a click on it lands).
        expect(view.isOpen).toBe(snapshot.matches('open') || snapshot.matches('closing'));
        if (type === 'suggest.type') expect(view.isOpen).toBe(true);
        if (type === 'suggest.pick') {
          // A pick closes it, uncovering what is under it, and nothing brings it back but typing or a new focus.
          expect(snapshot.value).toBe('closed');
          expect(view.isOpen).toBe(false);
        }
        if (type === 'suggest.blur' && previous!.matches('open')) expect(view.isOpen).toBe(true);

        view.onFocus();
        view.onBlur();
        expect(sent).toEqual([{ type: 'suggest.focus' }, { type: 'suggest.blur' }]);
      },
    });
  });
});
