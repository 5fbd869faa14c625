import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from '../../components/Breadcrumb.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { appConfig } from '../../lib/app-config.ts';

interface AuthShellProps {
  pageName: string;
  breadcrumb: readonly BreadcrumbItem[];
  title: string;
  intro?: ReactNode;
  /** The brand panel's headline and points. */
  aside: { headline: string; points: readonly string[] };
  /** Wide for the register forms (two columns of fields). */
  wide?: boolean;
  children: ReactNode;
}

/**
 * The frame of the sign-in pages (login, both registers, password retrieval): breadcrumb, then
 * one card with a brand panel on the left and the form on the right.
 */
export function AuthShell({
  pageName,
  breadcrumb,
  title,
  intro,
  aside,
  wide = false,
  children,
}: AuthShellProps) {
  return (
    <div className="bg-gradient-to-b from-brand-soft/70 via-white to-white" data-page={pageName}>
      <div className="container-page pt-5 pb-20">
        <Breadcrumb items={breadcrumb} />
        <div
          className={`card mx-auto mt-8 grid overflow-hidden shadow-xl shadow-navy/5 ${wide ? 'max-w-[1120px] grid-cols-[320px_1fr]' : 'max-w-[940px] grid-cols-[380px_1fr]'}`}
        >
          <aside className="relative overflow-hidden bg-gradient-to-br from-brand via-brand to-brand-dark px-9 py-10 text-white">
            <svg
              aria-hidden="true"
              viewBox="0 0 200 200"
              className="pointer-events-none absolute -right-16 -bottom-16 size-72 text-white/[0.07]"
            >
              <path d="M100 10c-30 34-48 64-48 90a48 48 0 0 0 96 0c0-26-18-56-48-90z" fill="currentColor" />
            </svg>
            <p className="text-sm font-medium tracking-wide text-white/70 uppercase">{appConfig.brand}</p>
            <p className="mt-3 text-2xl leading-snug font-semibold">{aside.headline}</p>
            <ul className="relative mt-8 space-y-4">
              {aside.points.map((point) => (
                <li key={point} className="flex items-start gap-3 text-[15px] leading-6 text-white/90">
                  <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-white/15">
                    <CheckIcon size={14} strokeWidth={2.5} />
                  </span>
                  {point}
                </li>
              ))}
            </ul>
          </aside>
          <section className={`bg-white py-10 ${wide ? 'px-12' : 'px-14'}`}>
            <h1 className="page-heading">{title}</h1>
            {intro ? <p className="mt-1.5 text-sm text-muted">{intro}</p> : null}
            <div className="mt-7">{children}</div>
          </section>
        </div>
      </div>
    </div>
  );
}
