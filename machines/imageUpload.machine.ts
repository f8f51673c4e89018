import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { IMAGE_TYPES } from '../src/domain';

/** The file the owner picked. */
export type ImageFile = File;

export type ImageCheckOutcome = { ok: true } | { ok: false; message: string };

export type ImageUploadOutcome = { kind: 'uploaded'; imageUrl: string; message: string } | { kind: 'refused'; message: string };

export type ImageUploadEvent = { type: 'image.select'; file: ImageFile } | { type: 'image.retry' } | { type: 'image.clear' };

interface ImageUploadContext {
  file: ImageFile | null;
  /** what the last check or upload said */
  message: string | null;
}

export const UPLOAD_FAILED = "Non è stato possibile caricare l'immagine. Riprova.";

/**
 * A product image picked in the back office: checked in the browser (type by its first bytes, size)
 * with the server's own words, then uploaded; the stored address is reported to whoever provides
 * `reportUploaded` (the product editor fills its image field with it). A failure (network, server)
 * may be retried with the same file; a refusal waits for another file.
 */
const imageUploadSetup = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    tags: {} as 'busy',
  },
  actors: {
    checkImage: fromPromise<ImageCheckOutcome, { file: ImageFile }>(async () => {
      throw new Error('checkImage not provided');
    }),
    uploadImage: fromPromise<ImageUploadOutcome, { file: ImageFile }>(async () => {
      throw new Error('uploadImage not provided');
    }),
  },
  guards: {
    isAccepted: (_, outcome: ImageCheckOutcome) => outcome.ok,
    isUploaded: (_, outcome: ImageUploadOutcome) => outcome.kind === 'uploaded',
  },
  actions: {
    takeFile: assign(({ event }) => {
      assertEvent(event, 'image.select');
      return { file: event.file, message: null };
    }),
    say: assign((_, message: string) => ({ message })),
    sayFailed: assign({ message: UPLOAD_FAILED }),
    forget: assign({ file: null, message: null }),
    /** Provided by the screen: the address the upload stored. */
    reportUploaded: (_, _params: { imageUrl: string }) => {},
  },
});

/** A new file, from any resting state; while one is read or sent the picker is disabled. */
const SELECT = { target: 'checking', actions: 'takeFile' } as const;
const CLEAR = { target: 'idle', actions: 'forget' } as const;

export const imageUploadMachine = imageUploadSetup.createMachine({
  id: 'imageUpload',
  context: { file: null, message: null },
  initial: 'idle',
  states: {
    idle: { on: { 'image.select': SELECT } },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkImage',
        src: 'checkImage',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          { guard: { type: 'isAccepted', params: ({ event }) => event.output }, target: 'uploading' },
          {
            target: 'refused',
            actions: { type: 'say', params: ({ event }) => (event.output.ok ? '' : event.output.message) },
          },
        ],
        // The file could not be read (gone from the disk, no permission).
        onError: { target: 'failed', actions: 'sayFailed' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          {
            guard: { type: 'isUploaded', params: ({ event }) => event.output },
            target: 'uploaded',
            actions: [
              { type: 'say', params: ({ event }) => event.output.message },
              {
                type: 'reportUploaded',
                params: ({ event }) => ({ imageUrl: event.output.kind === 'uploaded' ? event.output.imageUrl : '' }),
              },
            ],
          },
          { target: 'refused', actions: { type: 'say', params: ({ event }) => event.output.message } },
        ],
        onError: { target: 'failed', actions: 'sayFailed' },
      },
    },
    uploaded: { on: { 'image.select': SELECT, 'image.clear': CLEAR } },
    refused: { on: { 'image.select': SELECT, 'image.clear': CLEAR } },
    failed: {
      on: {
        'image.select': SELECT,
        // The same file again, checked again (it may have been unreadable).
        'image.retry': { target: 'checking', actions: assign({ message: null }) },
        'image.clear': CLEAR,
      },
    },
  },
});

export type ImageUploadSnapshot = SnapshotFrom<typeof imageUploadMachine>;

export function connectImageUpload(snapshot: ImageUploadSnapshot, send: (event: ImageUploadEvent) => void) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const tone = snapshot.matches('uploaded') ? 'success' : snapshot.matches('refused') || snapshot.matches('failed') ? 'error' : null;
  return {
    isBusy: busy,
    trigger: {
      label: snapshot.matches('checking') || snapshot.matches('uploading') ? 'Caricamento...' : 'Carica immagine',
      isDisabled: busy,
      acceptedFileTypes: [...IMAGE_TYPES],
      /** The picker's choice (the first file; none when it was cancelled). */
      onSelect: (files: ArrayLike<ImageFile> | null) => {
        const file = files?.[0];
        if (file) send({ type: 'image.select', file });
      },
    },
    notice: tone && context.message ? { tone, message: context.message } : null,
    fileName: context.file?.name ?? null,
    retryButton: snapshot.matches('failed') ? { label: 'Riprova', onPress: () => send({ type: 'image.retry' }) } : null,
    clearButton: tone ? { label: 'Chiudi', onPress: () => send({ type: 'image.clear' }) } : null,
  };
}
