import { PAGE_LOADING_DELAY_MS, PAGE_LOADING_TIMEOUT_MS } from '@mall/shared/constants';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';

type Phase = 'idle' | 'waiting' | 'loading' | 'slow';

/**
 * docs/limits.md: while a lazy page loads, a loading view appears after 200 ms; after 60 s it
 * gives up waiting and offers a retry.
 */
export function NavigationLoading() {
  const navigating = useNavigation().state === 'loading';
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (!navigating) {
      setPhase('idle');
      return;
    }
    setPhase('waiting');
    const show = setTimeout(() => setPhase('loading'), PAGE_LOADING_DELAY_MS);
    const slow = setTimeout(() => setPhase('slow'), PAGE_LOADING_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(slow);
    };
  }, [navigating]);

  if (phase === 'loading') return <LoadingOverlay text="Loading..." />;
  if (phase === 'slow') {
    return (
      <div role="alert" className="fixed inset-x-0 top-0 z-50 flex justify-center p-4">
        <div className="flex items-center gap-4 rounded-lg border border-line bg-white px-5 py-3 shadow-lg">
          <span>This page is taking too long to load.</span>
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            Retry
          </button>
        </div>
      </div>
    );
  }
  return null;
}
