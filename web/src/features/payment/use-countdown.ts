import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (ISO time), updated each second; null without a deadline. */
export const useTimeLeft = (deadline: string | null): number | null => {
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(end)) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  return Number.isNaN(end) ? null : Math.max(0, end - now);
};

const two = (n: number) => String(n).padStart(2, '0');

/** "29:05", or "1:02:03" from an hour up (whole seconds, rounded up so 0:00 means closed). */
export const formatTimeLeft = (ms: number): string => {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};
