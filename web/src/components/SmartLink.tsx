import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';

/** Whether a shop-managed link leaves the shop (full http(s) URL or protocol-relative). */
export const isExternalUrl = (url: string) => /^(https?:)?\/\//i.test(url);

type SmartLinkProps = Omit<ComponentProps<'a'>, 'href' | 'target' | 'rel'> & {
  to: string;
  children: ReactNode;
};

/**
 * A link whose target comes from the server (banners, shop links): shop paths navigate inside
 * the app, external sites open in a new tab without access to this window. Other props (a
 * menu's aria-expanded, handlers, ref) go to the anchor.
 */
export function SmartLink({ to, children, title, ...rest }: SmartLinkProps) {
  if (isExternalUrl(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" title={title || undefined} {...rest}>
        {children}
      </a>
    );
  }
  const path = to.startsWith('/') ? to : `/${to}`;
  return (
    <Link to={path} title={title || undefined} {...rest}>
      {children}
    </Link>
  );
}
