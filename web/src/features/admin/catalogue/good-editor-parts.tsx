import { GOOD_PICTURES_MAX } from '@mall/shared/contract/admin/catalogue';
import { useId } from 'react';
import { FieldError } from '../../../components/FormField.tsx';
import { buttonClass, selectClass } from './styles.ts';

/** The editor's title, Back to goods, and for a saved good whether it is published, with the switch. */
export function EditorHeading({
  title,
  published,
  onClose,
  onTogglePublished,
}: {
  title: string;
  /** Null for a good not saved yet. */
  published: boolean | null;
  onClose: () => void;
  onTogglePublished: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className={buttonClass} onClick={onClose}>
        Back to goods
      </button>
      <h1 id="good-title" className="text-xl font-semibold text-ink">
        {title}
      </h1>
      {published !== null && (
        <>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${published ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-700'}`}
          >
            {published ? 'Published' : 'Not published'}
          </span>
          <button type="button" className={buttonClass} onClick={onTogglePublished}>
            {published ? 'Unpublish' : 'Publish'}
          </button>
        </>
      )}
    </div>
  );
}

/** The good's pictures in order (the first is the one lists show): move, remove, upload more. */
export function PicturesField({
  pictures,
  uploading,
  error,
  onUpload,
  onMove,
  onRemove,
}: {
  pictures: readonly string[];
  uploading: boolean;
  error: string | undefined;
  onUpload: (files: FileList | null) => void;
  onMove: (index: number, by: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-base font-semibold text-ink">Pictures</legend>
      <p className="text-sm text-muted">The first picture is the one lists show.</p>
      <ol className="flex flex-wrap gap-3" aria-label="Pictures in order">
        {pictures.map((url, i) => (
          <li key={url} className="flex w-48 flex-col gap-1 rounded-lg border border-line p-2">
            <img
              src={url}
              alt={`Shown ${i + 1} of ${pictures.length}`}
              className="h-28 w-full rounded object-contain"
            />
            <div className="flex gap-1">
              <button
                type="button"
                className={`${buttonClass} px-2`}
                disabled={i === 0}
                onClick={() => onMove(i, -1)}
                aria-label={`Move picture ${i + 1} earlier`}
              >
                ←
              </button>
              <button
                type="button"
                className={`${buttonClass} px-2`}
                disabled={i === pictures.length - 1}
                onClick={() => onMove(i, 1)}
                aria-label={`Move picture ${i + 1} later`}
              >
                →
              </button>
              <button
                type="button"
                className={`${buttonClass} px-2`}
                onClick={() => onRemove(i)}
                aria-label={`Remove picture ${i + 1}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <label className="flex w-fit flex-col gap-1 text-sm font-medium text-ink">
        Upload pictures (PNG, JPEG, WebP or GIF, at most 5 MB each)
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          className="text-sm font-normal text-muted file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-ink"
          disabled={uploading || pictures.length >= GOOD_PICTURES_MAX}
          onChange={(e) => {
            onUpload(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {uploading && <p className="text-sm text-muted">Uploading…</p>}
      {error && <FieldError id="pictures-error">{error}</FieldError>}
    </fieldset>
  );
}

/** A labelled choice of the editor, with its error under it. */
export function SelectField({
  label,
  value,
  onChange,
  error,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        className={`${selectClass} h-11 w-full ${error ? 'border-accent' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && <FieldError id={`${id}-message`}>{error}</FieldError>}
    </div>
  );
}
