import { expect } from 'vitest';
import { connectImageUpload, imageUploadMachine, UPLOAD_FAILED, type ImageUploadEvent } from '../../machines/imageUpload.machine';
import { UNSUPPORTED_IMAGE } from '../../src/domain';
import { imageUploadEntry, pickedImage, UPLOADED, UPLOADED_URL } from './admin.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const events = internalEvents(imageUploadMachine);

describePathCoverage('image upload machine: path coverage', imageUploadEntry, async (path) => {
  // What the product editor's image field was told (the screen provides reportUploaded).
  const reported: string[] = [];
  let reportedBefore = 0;
  const machine = imageUploadMachine.provide({ actions: { reportUploaded: (_, { imageUrl }) => void reported.push(imageUrl) } });
  await replayEntryPath(imageUploadEntry, path, {
    machine,
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const sent: ImageUploadEvent[] = [];
      const view = connectImageUpload(snapshot, (event) => sent.push(event));
      const type = step.event.type;
      const outcome = (step.event as { output?: { ok?: boolean; kind?: string } }).output;

      // While a file is read or sent the picker waits, and says so.
      const busy = snapshot.matches('checking') || snapshot.matches('uploading');
      expect(snapshot.hasTag('busy')).toBe(busy);
      expect(view.trigger).toMatchObject({ isDisabled: busy, label: busy ? 'Caricamento...' : 'Carica immagine' });
      expect(view.trigger.acceptedFileTypes).toEqual(['image/jpeg', 'image/png', 'image/webp']);
      if (busy) expect(invocations.at(-1)?.input).toEqual({ file: pickedImage });

      if (type === events.done('uploadImage') && outcome?.kind === 'uploaded') {
        expect(snapshot.value).toBe('uploaded');
        expect(view.notice).toEqual({ tone: 'success', message: UPLOADED });
        // The stored address went to the image field, once.
        expect(reported.slice(reportedBefore)).toEqual([UPLOADED_URL]);
      } else if (type === events.done('uploadImage') || (type === events.done('checkImage') && outcome?.ok === false)) {
        expect(snapshot.value).toBe('refused');
        expect(view.notice).toEqual({ tone: 'error', message: UNSUPPORTED_IMAGE });
        expect(view.retryButton).toBeNull();
      } else if (type === events.done('checkImage')) {
        expect(snapshot.value).toBe('uploading');
        expect(view.notice).toBeNull();
      }
      if (type === events.error('uploadImage') || type === events.error('checkImage')) {
        expect(snapshot.value).toBe('failed');
        expect(view.notice).toEqual({ tone: 'error', message: UPLOAD_FAILED });
        view.retryButton!.onPress();
        expect(sent).toEqual([{ type: 'image.retry' }]);
        sent.length = 0;
      }
      if (type === 'image.retry' && previous!.matches('failed')) {
        // The same file, checked again.
        expect(snapshot.value).toBe('checking');
        expect(snapshot.context.file).toBe(previous!.context.file);
        expect(view.notice).toBeNull();
      }
      if (type === 'image.clear' && !previous!.hasTag('busy') && !previous!.matches('idle')) {
        expect(snapshot.value).toBe('idle');
        expect([view.notice, view.fileName, view.clearButton]).toEqual([null, null, null]);
      }
      if (type === 'image.select' && !previous!.hasTag('busy')) {
        expect(snapshot.value).toBe('checking');
        expect(view.fileName).toBe('porcini.png');
      }
      // Only a successful upload reaches the image field.
      if (!(type === events.done('uploadImage') && outcome?.kind === 'uploaded')) expect(reported.length).toBe(reportedBefore);
      reportedBefore = reported.length;

      // The picker's answer: the first file chosen, nothing when cancelled.
      view.trigger.onSelect(null);
      view.trigger.onSelect([pickedImage]);
      expect(sent).toEqual([{ type: 'image.select', file: pickedImage }]);
      sent.length = 0;
      if (view.clearButton) {
        view.clearButton.onPress();
        expect(sent).toEqual([{ type: 'image.clear' }]);
      }
      expect(Boolean(view.clearButton)).toBe(['uploaded', 'refused', 'failed'].includes(String(snapshot.value)));
    },
  });
});
