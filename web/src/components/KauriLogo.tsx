import { Link } from 'react-router';
import { HOME_PATH } from '../lib/routes.ts';

/** The kauri-leaf mark: a leaf on a rounded green tile (the same mark as the favicon). */
export function KauriMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f6f4a" />
      <path d="M32 10c-9 10-14 19-14 27a14 14 0 0 0 28 0c0-8-5-17-14-27z" fill="#f4ede1" />
      <path d="M32 22v32" stroke="#1f6f4a" strokeWidth="3" strokeLinecap="round" />
      <path d="M32 34l-7-6M32 42l8-7" stroke="#1f6f4a" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The logo links to home. */
export function KauriLogo({ brand, tagline }: { brand: string; tagline?: string }) {
  return (
    <Link
      to={HOME_PATH}
      className="focus-ring group flex items-center gap-3 rounded-lg"
      aria-label={`${brand} home`}
    >
      <KauriMark size={44} />
      <span className="flex flex-col leading-none">
        <span className="text-[26px] font-extrabold tracking-tight text-brand transition group-hover:text-brand-dark">
          {brand}
        </span>
        {tagline ? (
          <span className="mt-1 text-[11px] font-medium uppercase tracking-[0.14em] text-muted">
            {tagline}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
