import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Whether a shop-managed link leaves the shop (full http(s) URL or protocol-relative). */
export const isExternalUrl = (url: string) => /^(https?:)?\/\//i.test(url);

interface SmartLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  title?: string;
  'aria-label'?: string;
}

/**
 * A link whose target comes from the server (banners, shop links): shop paths navigate inside
 * the app, external sites open in a new tab without access to this window.
 */
export function SmartLink({ to, children, className, title, ...rest }: SmartLinkProps) {
  if (isExternalUrl(to)) {
    return (
      <a
        href={to}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        title={title || undefined}
        aria-label={rest['aria-label']}
      >
        {children}
      </a>
    );
  }
  const path = to.startsWith('/') ? to : `/${to}`;
  return (
    <Link to={path} className={className} title={title || undefined} aria-label={rest['aria-label']}>
      {children}
    </Link>
  );
}
