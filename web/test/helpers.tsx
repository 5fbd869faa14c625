import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/** Renders `ui` inside a memory router (at `route`) and a fresh query client without retries. */
export const renderWithProviders = (ui: ReactElement, { route = '/' }: { route?: string } = {}) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
};

const envelope = (data: unknown, status = 200) =>
  new Response(
    JSON.stringify(
      status < 400
        ? { success: true, code: 200, message: 'ok', data }
        : { success: false, code: status, message: `Answer ${status}`, data: null },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

/** An answer computed from the request's URL (e.g. from its query); `undefined` answers 404. */
export class Answer {
  readonly compute: (url: URL) => unknown;
  constructor(compute: (url: URL) => unknown) {
    this.compute = compute;
  }
}

/**
 * Stubs `fetch` with envelope answers by path (without the query string); unknown paths answer
 * a 404 envelope. An `Answer` computes the data from the URL. Returns the mock to inspect the calls.
 */
export const stubApi = (answers: Record<string, unknown>) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (!(url.pathname in answers)) return envelope(null, 404);
    const answer = answers[url.pathname];
    if (!(answer instanceof Answer)) return envelope(answer);
    const data = answer.compute(url);
    return data === undefined ? envelope(null, 404) : envelope(data);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

/** The paths `fetch` was called with. */
export const calledPaths = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
