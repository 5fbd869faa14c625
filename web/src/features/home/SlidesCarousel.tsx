import type { Banner } from '@mall/shared/contract/content';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSlides } from '../../api/use-content.ts';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../components/icons.tsx';
import { KauriMark } from '../../components/KauriLogo.tsx';
import { useOnFirstUse } from '../../components/on-first-use.ts';
import { SafeImage } from '../../components/SafeImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { ALL_GOODS_URL } from '../../lib/routes.ts';
import { emblaPart } from './embla-part.ts';

export const CAROUSEL_INTERVAL_MS = 5_000;
const WIDTH = 1200;
const HEIGHT = 400;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Embla watches the slides' sizes (and visibility): without the observers (jsdom) the CSS track stays. */
const canRunEmbla = () => typeof ResizeObserver === 'function';

/** Shown when there are no slides (or they could not be loaded): the shop's welcome, never a hole. */
function WelcomeHero() {
  return (
    <div
      className="relative flex items-center overflow-hidden rounded-xl bg-gradient-to-br from-brand to-[#123f2a] px-16 text-white"
      style={{ aspectRatio: `${WIDTH} / ${HEIGHT}` }}
    >
      <div className="absolute -right-16 -bottom-24 opacity-15" aria-hidden="true">
        <KauriMark size={420} />
      </div>
      <div className="relative max-w-xl">
        <p className="text-sm font-semibold tracking-[0.2em] text-[#f2b705] uppercase">Kia ora</p>
        <h2 className="mt-3 text-4xl leading-tight font-extrabold">
          Everyday goods from New Zealand suppliers
        </h2>
        <p className="mt-3 text-lg text-white/80">
          GST-inclusive prices, nationwide delivery and local support.
        </p>
        <Link
          to={ALL_GOODS_URL}
          className="mt-7 inline-flex items-center rounded-full bg-[#f2b705] px-6 py-3 text-sm font-bold text-ink transition hover:bg-[#ffc928] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Browse All Goods →
        </Link>
      </div>
    </div>
  );
}

/**
 * The home carousel: advances every 5 s, pauses while hovered or focused (and on request),
 * with arrows, dots and a pause button; slides out of view are inert.
 *
 * The slide shown (`index`) and the timing are this component's; Embla moves the slides and
 * adds dragging and swiping. Embla downloads on the shopper's first use of the carousel (see
 * embla-part.ts): until then, and under jsdom (no layout), a CSS transform shows the slide.
 */
export function SlidesCarouselView({ slides }: { slides: readonly Banner[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const id = useId();
  const count = slides.length;
  const playing = count > 1 && !stopped && !hovered && !focused;

  const [used, setUsed] = useState(false);
  const attachEmbla = useOnFirstUse(emblaPart, used && count > 1 && canRunEmbla());
  const viewport = useRef<HTMLElement>(null);
  const embla = useRef<ReturnType<NonNullable<typeof attachEmbla>> | null>(null);
  // Embla takes over the track where it stands, and reports drags and swipes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: Embla starts at the slide shown; later changes go through show()
  useLayoutEffect(() => {
    if (!attachEmbla || !viewport.current) return;
    const track = attachEmbla(viewport.current, index, setIndex);
    embla.current = track;
    return () => {
      embla.current = null;
      track.destroy();
    };
  }, [attachEmbla]);
  // A change of slide from the timer, the arrows or the dots: Embla scrolls to it.
  useEffect(() => embla.current?.show(index, prefersReducedMotion()), [index]);

  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [index, count]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `index` restarts the 5 s wait after a manual change
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [playing, index, count]);

  /** The shopper's choice of slide (arrows, dots): the carousel is in use. */
  const go = (next: number) => {
    setUsed(true);
    setIndex(((next % count) + count) % count);
  };
  const arrow =
    'absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-navy shadow-md transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

  return (
    <section
      ref={viewport}
      aria-roledescription="carousel"
      aria-label="Featured offers"
      className="group relative overflow-hidden rounded-xl bg-sand"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerEnter={() => setUsed(true)}
      onFocus={() => {
        setUsed(true);
        setFocused(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        id={id}
        aria-live={playing ? 'off' : 'polite'}
        className={`flex ${attachEmbla ? '' : 'transition-transform duration-700 ease-[cubic-bezier(0.22,1,0.36,1)] motion-reduce:transition-none'}`}
        style={attachEmbla ? undefined : { transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className="w-full shrink-0"
          >
            <SmartLink
              to={slide.linkUrl || ALL_GOODS_URL}
              title={slide.title}
              className="block focus-visible:outline-none"
            >
              <SafeImage
                src={slide.imageUrl}
                alt={[slide.title, slide.subtitle].filter(Boolean).join('. ')}
                width={WIDTH}
                height={HEIGHT}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            </SmartLink>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            aria-controls={id}
            aria-label="Previous slide"
            onClick={() => go(index - 1)}
            className={`${arrow} left-4 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100`}
          >
            <ChevronLeftIcon size={22} />
          </button>
          <button
            type="button"
            aria-controls={id}
            aria-label="Next slide"
            onClick={() => go(index + 1)}
            className={`${arrow} right-4 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100`}
          >
            <ChevronRightIcon size={22} />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-0.5">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                aria-controls={id}
                aria-label={`Show slide ${i + 1}: ${slide.title}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                // 24 px a dot at least, the size a pointer or a finger can hit (WCAG 2.2 target size).
                className="group/dot flex h-6 min-w-6 items-center justify-center px-1 focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  className={`block h-2 rounded-full shadow transition-all ${i === index ? 'w-7 bg-white' : 'w-2 bg-white/55 group-hover/dot:bg-white/85'}`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
            onClick={() => setStopped((s) => !s)}
            className="absolute right-4 bottom-3 flex size-8 items-center justify-center rounded-full bg-black/30 text-white transition hover:bg-black/50 focus-visible:outline-2 focus-visible:outline-white"
          >
            {stopped ? <PlayIcon size={14} /> : <PauseIcon size={14} />}
          </button>
        </>
      ) : null}
    </section>
  );
}

export function SlidesCarousel() {
  const { data, isPending } = useSlides();
  if (isPending) {
    return <Skeleton className="w-full rounded-xl" style={{ aspectRatio: `${WIDTH} / ${HEIGHT}` }} />;
  }
  const slides = data ?? [];
  return slides.length > 0 ? <SlidesCarouselView slides={slides} /> : <WelcomeHero />;
}
