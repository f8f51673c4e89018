import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, FieldError, Input, Label, TextArea, TextField, type Key } from 'react-aria-components';
import {
  connectRecordEditor,
  recordEditorFor,
  type Field,
  type RecordEditorActor,
  type RecordValues,
  type RecordEditorActors,
  type RecordEditorInput,
  type RecordEditorView,
} from '../../../machines/recordEditor.machine';
import type { ApiClient } from '../../api/client';
import { useAppActors, useScreenActor, useView } from '../../actors/AppActors';
import { DateField, NO_DATE } from '../../ui/DateField';
import { QuestionDialog } from '../../ui/QuestionDialog';
import { CREATED_HERE } from './list';
import { LoadFailure, Loading } from './states';

/** A form's editor actor in the app's system, its view, and the browser's own warning while changes are unsaved. */
export function useRecordEditor<V extends RecordValues>(actors: RecordEditorActors<V>, input: RecordEditorInput<V>): RecordEditorView<V> {
  return useRecordEditorActor(actors, input).view;
}

/** The same, with the actor itself, for a screen whose other actors talk to the editor (an image upload fills a field). */
export function useRecordEditorActor<V extends RecordValues>(
  actors: RecordEditorActors<V>,
  input: RecordEditorInput<V>,
): { actor: RecordEditorActor; view: RecordEditorView<V> } {
  const logic = useMemo(() => recordEditorFor(actors), [actors]);
  const actor = useScreenActor(logic, { input });
  const view = useView(actor, connectRecordEditor<V>);
  useEffect(() => {
    if (!view.isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [view.isDirty]);
  return { actor, view };
}

/** A record of settings (texts, hours): no list and no id; it is loaded before any field shows, so it needs no blank. */
export function useSettingsEditor<V extends RecordValues>(actors: RecordEditorActors<V>): RecordEditorView<V> {
  const [input] = useState(() => ({ id: 0, blank: {} as V }));
  return useRecordEditor(actors, input);
}

/** Calls `onCreated` once the form beside a list has created its record (the list then reloads). */
export function useOnCreated(view: { isNew: boolean }, onCreated: () => void): void {
  const created = useRef(onCreated);
  created.current = onCreated;
  useEffect(() => {
    if (!view.isNew) created.current();
  }, [view.isNew]);
}

/** An editor screen of a list: its actors made from the app's client, its actor (for an image upload), and the way back to the list. */
export function useListEditor<V extends RecordValues>(
  createActors: (api: ApiClient) => RecordEditorActors<V>,
  input: RecordEditorInput<V>,
  listPath: string,
): { actor: RecordEditorActor; view: RecordEditorView<V>; backToList: () => void } {
  const { api } = useAppActors();
  const navigate = useNavigate();
  const actors = useMemo(() => createActors(api), [api, createActors]);
  const { actor, view } = useRecordEditorActor(actors, input);
  const backToList = useCallback(() => navigate(listPath), [navigate, listPath]);
  // A record created here moves to its own address: a reload then opens it, not a blank form that would create it twice.
  const createdId = input.id === null ? view.recordId : null;
  useEffect(() => {
    if (createdId !== null) navigate(`../${createdId}`, { relative: 'path', replace: true, state: CREATED_HERE });
  }, [createdId, navigate]);
  return { actor, view, backToList };
}

/** A labelled text field whose server errors show under it and are announced with it. */
export function AdminTextField({
  label,
  field,
  multiline = false,
  inputMode,
  description,
  autoFocus = false,
}: {
  label: string;
  field: Field<string>;
  multiline?: boolean;
  inputMode?: 'decimal' | 'text';
  description?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      className="field"
      autoFocus={autoFocus}
      value={field.value}
      onChange={field.onChange}
      isInvalid={field.errors.length > 0}
      validationBehavior="aria"
    >
      <Label className="field__label">{label}</Label>
      {multiline ? <TextArea className="field__input" rows={3} /> : <Input className="field__input" inputMode={inputMode} />}
      {description && (
        <p className="field__hint" slot="description">
          {description}
        </p>
      )}
      <FieldError className="field__error">{field.errors.join(' ')}</FieldError>
    </TextField>
  );
}

/** A date of a form, 'YYYY-MM-DD' there and on the wire; an optional one is emptied with 'Nessuna data'. */
export function AdminDateField({
  label,
  field,
  description,
  optional = false,
}: {
  label: string;
  field: Field<string>;
  description?: string;
  optional?: boolean;
}) {
  return (
    <DateField
      label={label}
      value={field.value}
      onChange={field.onChange}
      errors={field.errors}
      description={description}
      clearLabel={optional ? NO_DATE : undefined}
      isRequired={!optional}
    />
  );
}

/** Euros as the owner types them, with a decimal comma: '6,50'. */
export function EuroField({ label, field }: { label: string; field: Field<string> }) {
  return <AdminTextField label={label} field={field} inputMode="decimal" description="In euro, ad esempio 6,50" />;
}

export function AdminCheckbox({ label, field }: { label: string; field: Field<boolean> }) {
  return (
    <Checkbox className="admin-checkbox" isSelected={field.value} onChange={field.onChange}>
      <span className="admin-checkbox__box" aria-hidden="true" />
      {label}
    </Checkbox>
  );
}

/** A labelled native select: fast with a keyboard, and the phone's own picker; the placeholder chooses null. */
export function AdminSelect<T extends Key>({
  label,
  field,
  options,
  placeholder,
  description,
}: {
  label: string;
  field: Field<T | null>;
  options: readonly { id: T; label: string }[];
  placeholder?: string;
  description?: string;
}) {
  const id = `admin-select-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [description && hintId, field.errors.length > 0 && errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={field.value === null ? '' : String(field.value)}
        aria-invalid={field.errors.length > 0 || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const option = options.find((o) => String(o.id) === event.target.value);
          field.onChange(option ? option.id : null);
        }}
      >
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={String(option.id)} value={String(option.id)}>
            {option.label}
          </option>
        ))}
      </select>
      {description && (
        <p id={hintId} className="field__hint">
          {description}
        </p>
      )}
      {field.errors.length > 0 && (
        <p id={errorId} className="field__error">
          {field.errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** 'Salva', what the last save said (announced), 'Riprova' after a failure, 'Annulla modifiche'. */
export function SaveBar<V extends RecordValues>({ view }: { view: RecordEditorView<V> }) {
  return (
    <div className="admin-savebar">
      <Button type="submit" className="button button--primary" isDisabled={view.saveButton.isDisabled}>
        {view.saveButton.label}
      </Button>
      {view.discardButton && (
        <Button className="button" onPress={view.discardButton.onPress}>
          {view.discardButton.label}
        </Button>
      )}
      {view.retrySaveButton && (
        <Button className="button" onPress={view.retrySaveButton.onPress}>
          {view.retrySaveButton.label}
        </Button>
      )}
      <div role="status" aria-live="polite" className={`admin-notice admin-notice--${view.notice?.tone ?? 'none'}`}>
        {view.notice?.message}
      </div>
    </div>
  );
}

/**
 * The editor's frame: loading, load failure, the form, the server's question before a save (booked
 * orders), and — for a record of a list (`onLeave`) — the way back, asking first when changes are unsaved.
 */
export function RecordForm<V extends RecordValues>({
  view,
  title,
  children,
  onLeave,
  label,
}: {
  view: RecordEditorView<V>;
  title: string;
  children: React.ReactNode;
  onLeave?: () => void;
  /** the form's name when it has no heading of its own */
  label?: string;
}) {
  useEffect(() => {
    if (view.hasLeft) onLeave?.();
  }, [view.hasLeft, onLeave]);
  if (view.isLoading) return <Loading />;
  if (view.loadFailure) return <LoadFailure failure={view.loadFailure} />;
  return (
    <>
      <div className="admin-editor__header">
        <h2>{title}</h2>
        {onLeave && (
          <Button className="button" onPress={view.leave.request}>
            Torna all’elenco
          </Button>
        )}
      </div>
      <form
        className="admin-form"
        aria-label={label}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          view.saveButton.onPress();
        }}
      >
        {children}
        <SaveBar view={view} />
      </form>
      <QuestionDialog title="Da confermare" question={view.confirmation}>
        <ul>
          {view.confirmation?.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </QuestionDialog>
      <QuestionDialog
        title="Modifiche non salvate"
        question={view.leave.confirmation && { ...view.leave.confirmation, message: view.leave.confirmation.question }}
      />
    </>
  );
}
