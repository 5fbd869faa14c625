import { Link } from 'react-router';
import { ALL_GOODS_URL, HOME_PATH } from '../lib/routes.ts';
import { SparkIcon } from './icons.tsx';

interface ComingSoonProps {
  /** What opens soon, e.g. 'Your order list'. */
  title?: string;
  /** One friendly sentence. */
  message?: string;
  /** Hide the All Goods button (on the All Goods page itself). */
  showAllGoods?: boolean;
}

/** The honest body of a page that a later release fills: what is coming and where to go meanwhile. */
export function ComingSoon({
  title = 'This part of the shop opens soon',
  message = 'We are putting the finishing touches on this page. Meanwhile, everything in the shop is a click away.',
  showAllGoods = true,
}: ComingSoonProps) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="card relative overflow-hidden bg-gradient-to-br from-brand-soft/70 via-white to-sand/60 px-10 py-16"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 200 200"
        className="pointer-events-none absolute -top-10 -right-10 size-64 text-brand/[0.07]"
      >
        <path d="M100 10c-30 34-48 64-48 90a48 48 0 0 0 96 0c0-26-18-56-48-90z" fill="currentColor" />
      </svg>
      <div className="relative mx-auto flex max-w-xl flex-col items-center text-center">
        <div className="flex size-16 items-center justify-center rounded-full bg-white text-brand shadow-sm ring-1 ring-brand/15">
          <SparkIcon size={30} />
        </div>
        <h2 id="coming-soon-title" className="mt-5 text-xl font-semibold text-navy">
          {title}
        </h2>
        <p className="mt-2 text-[15px] leading-6 text-muted">{message}</p>
        <div className="mt-7 flex gap-3">
          <Link to={HOME_PATH} className="btn-primary px-5">
            Back to home
          </Link>
          {showAllGoods ? (
            <Link to={ALL_GOODS_URL} className="btn-secondary px-5">
              Browse All Goods
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
