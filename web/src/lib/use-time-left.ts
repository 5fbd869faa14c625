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
