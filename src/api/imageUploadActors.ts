import { fromPromise } from 'xstate';
import type { ImageCheckOutcome, ImageFile, ImageUploadOutcome, imageUploadMachine } from '../../machines/imageUpload.machine';
import { IMAGE_SIGNATURE_BYTES, imageProblem } from '../domain';
import { answer, type ApiClient } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';

/** A blob's bytes, through FileReader (every browser has it, and so has jsdom in the component tests). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Which stored copy the record names: the menu card's square (products) or the large one (a post's header). */
export type ImageCopy = 'card' | 'large';

/** An image: checked here with the server's own rule and words, then sent as it is. */
export function createImageUploadActors(api: ApiClient, copy: ImageCopy) {
  return {
    checkImage: fromPromise<ImageCheckOutcome, { file: ImageFile }>(async ({ input }) => {
      const head = await bytesOf(input.file.slice(0, IMAGE_SIGNATURE_BYTES));
      const problem = imageProblem(input.file, head);
      return problem ? { ok: false, message: problem } : { ok: true };
    }),
    uploadImage: fromPromise<ImageUploadOutcome, { file: ImageFile }>(async ({ input }) => {
      const result = await api.POST('/api/v1/admin/images', {
        // The body is the file's bytes (the contract types a binary body as a string).
        body: (await bytesOf(input.file)) as unknown as string,
        bodySerializer: (bytes) => bytes,
        headers: { 'Content-Type': input.file.type },
      });
      const outcome = answer(result, [413, 422], (_status, body): ImageUploadOutcome => ({
        kind: 'refused',
        message: refusalFrom(body).message,
      }));
      if ('kind' in outcome) return outcome;
      return { kind: 'uploaded', imageUrl: copy === 'card' ? outcome.image_url : outcome.large_url, message: outcome.message };
    }),
  } satisfies ActorsOf<typeof imageUploadMachine>;
}
