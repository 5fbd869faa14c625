import { AVATAR_MAX_BYTES, AVATAR_TYPES, type Member } from '@mall/shared/contract/account';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, namedField } from '../../api/server-errors.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { uploadAvatar } from './account-api.ts';
import { MemberAvatar } from './MemberAvatar.tsx';

const MB = 1024 * 1024;
export const AVATAR_TYPE_MESSAGE = 'Choose a picture in PNG, JPEG, WebP or GIF format.';
export const avatarSizeMessage = (bytes: number) =>
  `This picture is ${(bytes / MB).toFixed(1)} MB; pictures can be at most ${AVATAR_MAX_BYTES / MB} MB.`;

/** The checks the server makes too: images only (PNG, JPEG, WebP, GIF), at most 2 MB. */
export const checkAvatarFile = (file: File): string | null => {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_TYPE_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return avatarSizeMessage(file.size);
  if (file.size === 0) return 'This file is empty. Choose another picture.';
  return null;
};

const objectUrl = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

interface AvatarUploadProps {
  member: Member;
  /** The picture to save with the profile (the uploaded URL), or null for none. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Tells the form an upload is under way (so it is not saved half-done). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The profile picture: pick a file, checked here as the server checks it (type and 2 MB), shown
 * at once as a preview, uploaded (POST /api/sys/file/upload/avatar, field `file`), and saved
 * with the profile.
 */
export function AvatarUpload({ member, value, onChange, onBusyChange }: AvatarUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadAvatar });

  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useEffect(() => onBusyChange?.(upload.isPending), [upload.isPending, onBusyChange]);

  const choose = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setUploadedName(null);
    setPreview(objectUrl(file));
    upload.mutate(file, {
      onSuccess: (result) => {
        // From now on the stored picture shows (the preview has done its job).
        setPreview(null);
        onChange(result.url);
        setUploadedName(file.name);
      },
      onError: (err) => {
        setPreview(null);
        setError(namedField(err, ['file'])?.message ?? errorMessage(err));
      },
    });
  };

  const shown = preview ?? value;
  return (
    <div className="flex items-center gap-6">
      <div className="relative">
        <MemberAvatar member={member} src={shown} size={104} />
        {upload.isPending ? (
          <div className="absolute inset-0 flex items-center justify-center rounded-full bg-white/60">
            <Spinner size={28} className="text-brand" />
          </div>
        ) : null}
      </div>
      <div className="min-w-0">
        <div className="flex flex-wrap gap-2.5">
          <label
            htmlFor={inputId}
            className={`btn-secondary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand ${upload.isPending ? 'pointer-events-none opacity-60' : ''}`}
          >
            {shown ? 'Change picture' : 'Upload a picture'}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-label="Profile picture"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {shown && !upload.isPending ? (
            <button
              type="button"
              className="btn-ghost text-muted"
              onClick={() => {
                setPreview(null);
                setUploadedName(null);
                setError(null);
                onChange(null);
              }}
            >
              Remove
            </button>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="mt-2 text-[13px] text-accent">
            {error}
          </p>
        ) : upload.isPending ? (
          <p role="status" className="mt-2 text-[13px] text-muted">
            Uploading your picture...
          </p>
        ) : uploadedName ? (
          <p role="status" className="mt-2 text-[13px] text-brand">
            Picture uploaded. Choose Save changes to keep it.
          </p>
        ) : (
          <p className="mt-2 text-xs text-muted">
            PNG, JPEG, WebP or GIF, up to 2 MB. A square picture looks best.
          </p>
        )}
      </div>
    </div>
  );
}
