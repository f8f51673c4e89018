import { useMemo } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { connectImageUpload, imageUploadMachine } from '../../../machines/imageUpload.machine';
import type { RecordEditorActor } from '../../../machines/recordEditor.machine';
import { createImageUploadActors, type ImageCopy } from '../../api/imageUploadActors';
import { useAppActors, useScreenActor, useView } from '../../actors/AppActors';
import { isPreviewableImage } from '../../domain';

/** How each record shows its picture: a product's menu square, a post's wide header. */
const KINDS = {
  product: { copy: 'card', className: 'product-image', width: 132, height: 132 },
  post: { copy: 'large', className: 'admin-image__preview--post', width: 240, height: 135 },
} as const satisfies Record<string, { copy: ImageCopy; className: string; width: number; height: number }>;

/**
 * 'Carica immagine' beside a preview of the record's image: the file is checked, uploaded, and its stored
 * address put in the form's `image_url` through the editor's own change event, so saving keeps it.
 * `onRemove` offers 'Rimuovi immagine' while there is one.
 */
export function ImageUpload({
  editor,
  value,
  kind,
  onRemove,
}: {
  editor: RecordEditorActor;
  value: string;
  kind: keyof typeof KINDS;
  onRemove?: () => void;
}) {
  const { api } = useAppActors();
  const { copy, className, width, height } = KINDS[kind];
  const logic = useMemo(
    () =>
      imageUploadMachine.provide({
        actors: createImageUploadActors(api, copy),
        actions: { reportUploaded: (_, { imageUrl }) => editor.send({ type: 'field.change', name: 'image_url', value: imageUrl }) },
      }),
    [api, editor, copy],
  );
  const upload = useView(useScreenActor(logic), connectImageUpload);
  return (
    <div className="admin-image__upload">
      {isPreviewableImage(value) ? (
        <img className={className} src={value} alt="Anteprima dell’immagine" width={width} height={height} />
      ) : (
        <span className={`${className} admin-image__preview--empty`} aria-hidden="true" />
      )}
      <div className="admin-image__actions">
        <FileTrigger acceptedFileTypes={upload.trigger.acceptedFileTypes} onSelect={upload.trigger.onSelect}>
          <Button className="button" isDisabled={upload.trigger.isDisabled}>
            {upload.trigger.label}
          </Button>
        </FileTrigger>
        {onRemove && value && (
          <Button className="button" isDisabled={upload.isBusy} onPress={onRemove}>
            Rimuovi immagine
          </Button>
        )}
        {upload.retryButton && (
          <Button className="button" onPress={upload.retryButton.onPress}>
            {upload.retryButton.label}
          </Button>
        )}
        {upload.clearButton && (
          <Button className="button" onPress={upload.clearButton.onPress}>
            {upload.clearButton.label}
          </Button>
        )}
        <p role="status" aria-live="polite" className={`admin-notice admin-notice--${upload.notice?.tone ?? 'none'}`}>
          {upload.notice?.message}
        </p>
      </div>
    </div>
  );
}
