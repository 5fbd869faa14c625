import type { Member } from '@mall/shared/contract/account';
import { useState } from 'react';
import { memberDisplayName } from '../../lib/member-name.ts';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('') || '?';

/** The member's picture, or their initials on the brand colour when there is none (or it fails). */
export function MemberAvatar({
  member,
  src,
  size = 96,
  className = '',
}: {
  member: Pick<Member, 'kind' | 'userName' | 'userAccount' | 'companyTradingName'> | null;
  /** Overrides the member's own picture (e.g. a preview). */
  src?: string | null;
  size?: number;
  className?: string;
}) {
  const name = memberDisplayName(member);
  const url = src ?? null;
  const [failed, setFailed] = useState<string | null>(null);
  const box = `shrink-0 overflow-hidden rounded-full ring-4 ring-white shadow-sm ${className}`;
  if (url && failed !== url) {
    return (
      <img
        src={url}
        alt={name}
        width={size}
        height={size}
        onError={() => setFailed(url)}
        className={`${box} bg-sand object-cover`}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={name}
      className={`${box} flex items-center justify-center bg-gradient-to-br from-brand to-brand-dark font-semibold text-white`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.36) }}
    >
      {initialsOf(name)}
    </div>
  );
}
