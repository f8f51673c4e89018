import type { Field, RecordEditorActor } from '../../../machines/recordEditor.machine';
import { AdminTextField } from '../ui/editor';
import { ImageUpload } from '../ui/ImageUpload';

/**
 * 'Immagine': the address stays typeable; 'Carica immagine' uploads a file and puts the stored
 * address in the field, so saving the product keeps it.
 */
export function ProductImageField({ editor, field }: { editor: RecordEditorActor; field: Field<string> }) {
  return (
    <div className="admin-image">
      <AdminTextField
        label="Immagine"
        field={field}
        description="Carica una foto (JPG, PNG o WebP fino a 5 MB) oppure scrivi l’indirizzo, ad esempio /media/products/…"
      />
      <ImageUpload editor={editor} value={field.value} kind="product" />
    </div>
  );
}
