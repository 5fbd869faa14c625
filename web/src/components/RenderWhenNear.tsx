import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` only once its place comes near the viewport (within `margin`), and until
 * then `placeholder`, which must have the same height so nothing moves. Keeps the first paint
 * of long pages cheap: sections far below the fold cost no render, layout or picture decoding
 * until the shopper scrolls toward them. Without IntersectionObserver it renders at once.
 */
export function RenderWhenNear({
  children,
  placeholder,
  margin = 600,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={box}>{placeholder}</div>;
}
