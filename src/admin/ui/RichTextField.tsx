import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button, Input, Label, TextField, ToggleButton, Toolbar } from 'react-aria-components';
import type { Field } from '../../../machines/recordEditor.machine';

/**
 * Only what the blog's sanitizer keeps (server/blog/blog.service.ts): no code, strike, underline or rule,
 * so the owner never formats something customers would not see.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    link: { openOnClick: false, defaultProtocol: 'https' },
  }),
];

/** An empty body is '' in the form, as the server asks for one ('Testo è obbligatorio.'). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

const formatsOf = ({ editor }: { editor: Editor }) => ({
  bold: editor.isActive('bold'),
  italic: editor.isActive('italic'),
  link: editor.isActive('link'),
  bulletList: editor.isActive('bulletList'),
  orderedList: editor.isActive('orderedList'),
  heading: editor.isActive('heading', { level: 2 }),
  subheading: editor.isActive('heading', { level: 3 }),
});

type Format = keyof ReturnType<typeof formatsOf>;

const TOGGLES: readonly { format: Exclude<Format, 'link'>; label: string; text: string; run: (editor: Editor) => void }[] = [
  { format: 'bold', label: 'Grassetto', text: 'G', run: (e) => e.chain().focus().toggleBold().run() },
  { format: 'italic', label: 'Corsivo', text: 'C', run: (e) => e.chain().focus().toggleItalic().run() },
  { format: 'heading', label: 'Titolo', text: 'T', run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { format: 'subheading', label: 'Sottotitolo', text: 'T', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { format: 'bulletList', label: 'Elenco puntato', text: '•', run: (e) => e.chain().focus().toggleBulletList().run() },
  { format: 'orderedList', label: 'Elenco numerato', text: '1.', run: (e) => e.chain().focus().toggleOrderedList().run() },
];

/**
 * A post's body written with formatting instead of HTML (Tiptap). The form's field stays the one
 * source of truth: each change goes to `field.onChange` as HTML, and a value the form sets (loaded,
 * discarded, another page's save) is put back into the editor.
 */
export function RichTextField({ label, field, description }: { label: string; field: Field<string>; description: string }) {
  const id = useId();
  const invalid = field.errors.length > 0;
  const [initial] = useState(field.value);
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'aria-describedby': `${id}-hint ${id}-error`,
        'aria-invalid': String(invalid),
        class: 'field__input rich-text__area',
      },
    }),
    [id, invalid],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    editorProps,
    onUpdate: ({ editor: changed }) => field.onChange(htmlOf(changed)),
  });
  useEffect(() => {
    // React may run this again on an editor useEditor has already destroyed (effects reconnecting).
    if (editor.isDestroyed) return;
    if (field.value !== htmlOf(editor)) editor.commands.setContent(field.value, { emitUpdate: false });
  }, [editor, field.value]);
  const formats = useEditorState({ editor, selector: formatsOf });
  const [linking, setLinking] = useState(false);
  return (
    <div className="field rich-text">
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <Toolbar className="rich-text__toolbar" aria-label={`Formato: ${label}`}>
        {TOGGLES.map((toggle) => (
          <ToggleButton
            key={toggle.format}
            className={`rich-text__button rich-text__button--${toggle.format}`}
            aria-label={toggle.label}
            isSelected={formats[toggle.format]}
            onChange={() => toggle.run(editor)}
          >
            <span aria-hidden="true">{toggle.text}</span>
          </ToggleButton>
        ))}
        <ToggleButton
          className="rich-text__button"
          aria-label="Collegamento"
          isSelected={formats.link || linking}
          // On a link it removes it; elsewhere it asks for the address.
          onChange={() => (formats.link ? editor.chain().focus().extendMarkRange('link').unsetLink().run() : setLinking(true))}
        >
          <LinkIcon />
        </ToggleButton>
      </Toolbar>
      {linking && <LinkForm editor={editor} onClose={() => setLinking(false)} />}
      <EditorContent editor={editor} />
      <p id={`${id}-hint`} className="field__hint">
        {description}
      </p>
      <p id={`${id}-error`} className="field__error">
        {field.errors.join(' ')}
      </p>
    </div>
  );
}

/** Two chain links: an emoji may have no font on the owner's computer. */
function LinkIcon() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}

/** The address of a new link, linking the selected words (or written as the link itself when none are). */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [address, setAddress] = useState('');
  const insert = () => {
    const href = address.trim();
    if (href) {
      const chain = editor.chain().focus();
      if (editor.state.selection.empty) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
      else chain.extendMarkRange('link').setLink({ href }).run();
    }
    onClose();
  };
  return (
    <div className="rich-text__link">
      <TextField className="field" value={address} onChange={setAddress} autoFocus type="url">
        <Label className="field__label">Indirizzo del collegamento</Label>
        <Input
          className="field__input"
          placeholder="https://..."
          // Enter inserts the link; it must not save the post's form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              insert();
            }
          }}
        />
      </TextField>
      <Button className="button" onPress={insert}>
        Inserisci
      </Button>
      <Button className="button" onPress={onClose}>
        Annulla
      </Button>
    </div>
  );
}
