import { useMemo } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { connectImageUpload, imageUploadMachine } from '../../../machines/imageUpload.machine';
import { createImageUploadActors } from '../../api/imageUploadActors';
import { useAppActors, useScreenActor, useView } from '../../actors/AppActors';
import { isPreviewableImage } from '../../domain';
import type { Field, RecordEditorActor } from '../../../machines/recordEditor.machine';
import { AdminTextField } from '../ui/editor';

/**
 * 'Immagine': the address stays typeable; 'Carica immagine' uploads a file and puts the stored
 * address in the field through the editor's own change event, so saving the product keeps it.
 */
export function ProductImageField({ editor, field }: { editor: RecordEditorActor; field: Field<string> }) {
  const { api } = useAppActors();
  const logic = useMemo(
    () =>
      imageUploadMachine.provide({
        actors: createImageUploadActors(api),
        actions: { reportUploaded: (_, { imageUrl }) => editor.send({ type: 'field.change', name: 'image_url', value: imageUrl }) },
      }),
    [api, editor],
  );
  const upload = useView(useScreenActor(logic), connectImageUpload);
  return (
    <div className="admin-image">
      <AdminTextField
        label="Immagine"
        field={field}
        description="Carica una foto (JPG, PNG o WebP fino a 5 MB) oppure scrivi l’indirizzo, ad esempio /media/products/…"
      />
      <div className="admin-image__upload">
        {isPreviewableImage(field.value) ? (
          <img className="product-image" src={field.value} alt="Anteprima dell’immagine" width="132" height="132" />
        ) : (
          <span className="product-image admin-image__preview--empty" aria-hidden="true" />
        )}
        <div className="admin-image__actions">
          <FileTrigger acceptedFileTypes={upload.trigger.acceptedFileTypes} onSelect={upload.trigger.onSelect}>
            <Button className="button" isDisabled={upload.trigger.isDisabled}>
              {upload.trigger.label}
            </Button>
          </FileTrigger>
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
    </div>
  );
}
