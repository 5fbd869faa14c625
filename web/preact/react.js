/**
 * `react` for the shop and its libraries (vite.config.ts points `react` here): Preact's React layer,
 * preact/compat, and the one hook of React 19 it lacks that a library calls. (JavaScript: nothing
 * takes its types from here; TypeScript reads React's own.)
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

const ignore = () => {};

/**
 * React 19's `useOptimistic`, which React Router's RouterProvider calls. Preact has no transitions
 * that render apart (its `startTransition` runs the update at once), so there is never an
 * optimistic state to show beside the real one: the state passed in is the state.
 * @template S
 * @param {S} passthrough
 * @returns {[S, (action: unknown) => void]}
 */
export function useOptimistic(passthrough) {
  return [passthrough, ignore];
}
