import { type ReactNode, useState } from 'react';
import { ImageIcon } from './icons.tsx';

interface SafeImageProps {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size: reserves the box before the picture arrives. */
  width: number;
  height: number;
  className?: string;
  /** What to show when there is no picture or it fails to load; a captioned sand box by default. */
  fallback?: ReactNode;
  loading?: 'eager' | 'lazy';
  /** The box colour while the picture loads. */
  background?: string;
}

/**
 * A picture that never shows a broken-image icon: while loading the box keeps its size, and a
 * missing or failing picture becomes a tidy fallback box with the picture's caption.
 */
export function SafeImage({
  src,
  alt,
  width,
  height,
  className = '',
  fallback,
  loading = 'lazy',
  background = 'bg-sand',
}: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  if (failed) {
    return (
      <div
        className={`flex items-center justify-center overflow-hidden bg-sand text-navy/70 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        data-fallback="true"
      >
        {fallback ?? (
          <span className="flex flex-col items-center gap-2 px-4 text-center text-sm font-medium">
            <ImageIcon size={28} className="text-brand/60" />
            {alt ? <span className="line-clamp-2">{alt}</span> : null}
          </span>
        )}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`block h-auto w-full object-cover ${background} ${className}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    />
  );
}
