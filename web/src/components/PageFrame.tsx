import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from './Breadcrumb.tsx';

interface PageFrameProps {
  /** The trail after Home; the last item is this page. */
  breadcrumb: readonly BreadcrumbItem[];
  /** The page heading (h1). */
  title: ReactNode;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Right side of the heading row (actions). */
  actions?: ReactNode;
  children: ReactNode;
  pageName?: string;
}

/** The frame every content page shares: breadcrumb, heading, then the body, on the 1200 px grid. */
export function PageFrame({ breadcrumb, title, intro, actions, children, pageName }: PageFrameProps) {
  return (
    <div className="container-page pt-5 pb-16" data-page={pageName}>
      <Breadcrumb items={breadcrumb} />
      <div className="mt-5 mb-6 flex items-end justify-between gap-6">
        <div>
          <h1 className="page-heading">{title}</h1>
          {intro ? <p className="mt-1.5 text-sm text-muted">{intro}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
