import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../src/app/layout/Header.tsx';
import { cycleIndex, DEFAULT_PLACEHOLDER, SearchBox } from '../src/features/search/SearchBox.tsx';
import { useSelectedSupplier } from '../src/state/selected-supplier.ts';
import { Answer, renderWithProviders, stubApi } from './helpers.tsx';

const HOT = ['manuka honey', 'merino socks', 'flat white'];
/** Twelve suggestions for any words: more than the box may show. */
const suggest = new Answer((url) =>
  Array.from({ length: 12 }, (_, i) => `${url.searchParams.get('keyword')} ${i + 1}`),
);

const here = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

const box = () => screen.getByRole('combobox', { name: 'Search goods' });
const options = () => within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option');

beforeEach(() => useSelectedSupplier.setState({ code: null }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('header search box', () => {
  it('Enter searches the typed words (URL-encoded)', async () => {
    stubApi({ '/api/search/keyword/hot': HOT, '/api/search/keyword/query': suggest });
    const { router } = renderWithProviders(<SearchBox />);
    await userEvent.type(box(), 'manuka & co{Enter}');
    expect(here(router)).toBe('/pages/search/index?keyword=manuka%20%26%20co');
  });

  it('the button searches too', async () => {
    stubApi({ '/api/search/keyword/hot': HOT, '/api/search/keyword/query': suggest });
    const { router } = renderWithProviders(<SearchBox />);
    await userEvent.type(box(), 'flat white');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(here(router)).toBe('/pages/search/index?keyword=flat%20white');
  });

  it('an empty box searches the current placeholder keyword', async () => {
    stubApi({ '/api/search/keyword/hot': HOT });
    const { router } = renderWithProviders(<SearchBox />);
    await waitFor(() => expect(box().getAttribute('placeholder')).toBe('manuka honey'));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(here(router)).toBe('/pages/search/index?keyword=manuka%20honey');
  });

  it('without hot keywords the placeholder invites a search and an empty box opens All Goods', async () => {
    stubApi({ '/api/search/keyword/hot': [] });
    const { router } = renderWithProviders(<SearchBox />);
    expect(box().getAttribute('placeholder')).toBe(DEFAULT_PLACEHOLDER);
    await userEvent.type(box(), '{Enter}');
    expect(here(router)).toBe('/pages/search/index?keyword=all');
  });

  it('the placeholder rotates through the hot keywords every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ '/api/search/keyword/hot': HOT });
    renderWithProviders(<SearchBox />);
    await waitFor(() => expect(box().getAttribute('placeholder')).toBe('manuka honey'));
    act(() => vi.advanceTimersByTime(4_900));
    expect(box().getAttribute('placeholder')).toBe('manuka honey');
    act(() => vi.advanceTimersByTime(100));
    expect(box().getAttribute('placeholder')).toBe('merino socks');
    act(() => vi.advanceTimersByTime(5_000));
    expect(box().getAttribute('placeholder')).toBe('flat white');
    act(() => vi.advanceTimersByTime(5_000));
    expect(box().getAttribute('placeholder')).toBe('manuka honey');
  });

  it('shows at most 10 suggestions for the words typed, in a listbox the combobox controls', async () => {
    const fetchMock = stubApi({ '/api/search/keyword/hot': HOT, '/api/search/keyword/query': suggest });
    renderWithProviders(<SearchBox />);
    await userEvent.type(box(), 'ho');
    await waitFor(() => expect(options()).toHaveLength(10));
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(box().getAttribute('aria-controls')).toBe(listbox.id);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(options()[0]!.textContent).toBe('ho 1');
    expect(options().every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true);
    // Asked as the shopper types: once per letter, no debounce.
    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .filter((u) => u.pathname === '/api/search/keyword/query')
      .map((u) => u.searchParams.get('keyword'));
    expect(asked).toEqual(['h', 'ho']);
  });

  it('aborts the request for words the shopper has typed past', async () => {
    const signals: Record<string, AbortSignal> = {};
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname !== '/api/search/keyword/query') return new Promise<Response>(() => {});
      const keyword = url.searchParams.get('keyword')!;
      signals[keyword] = init!.signal!;
      return new Promise<Response>((resolve, reject) => {
        init!.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        if (keyword === 'tea')
          resolve(
            new Response(JSON.stringify({ success: true, code: 200, message: 'ok', data: ['tea bags'] }), {
              headers: { 'Content-Type': 'application/json' },
            }),
          );
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SearchBox />);
    await userEvent.type(box(), 'tea');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['tea bags']));
    expect(signals.t!.aborted).toBe(true);
    expect(signals.te!.aborted).toBe(true);
    expect(signals.tea!.aborted).toBe(false);
  });

  it('Up/Down cycle through the suggestions and wrap; Enter picks the highlighted one', async () => {
    stubApi({ '/api/search/keyword/hot': HOT, '/api/search/keyword/query': suggest });
    const { router } = renderWithProviders(<SearchBox />);
    await userEvent.type(box(), 'ho');
    await waitFor(() => expect(options()).toHaveLength(10));
    const selected = () => options().findIndex((o) => o.getAttribute('aria-selected') === 'true');

    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe(0);
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(selected()).toBe(9); // wraps to the last
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe(0); // and back to the first
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()).toBe(2);
    await userEvent.keyboard('{Enter}');
    expect(here(router)).toBe('/pages/search/index?keyword=ho%203');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('Up from nothing highlighted goes to the last suggestion', () => {
    expect(cycleIndex(-1, -1, 10)).toBe(9);
    expect(cycleIndex(-1, 1, 10)).toBe(0);
    expect(cycleIndex(9, 1, 10)).toBe(0);
    expect(cycleIndex(0, -1, 10)).toBe(9);
    expect(cycleIndex(3, 1, 0)).toBe(-1);
  });

  it('Escape closes the list; typing opens it again', async () => {
    stubApi({ '/api/search/keyword/hot': HOT, '/api/search/keyword/query': suggest });
    renderWithProviders(<SearchBox />);
    await userEvent.type(box(), 'ho');
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    await userEvent.keyboard('{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
    await userEvent.type(box(), 'n');
    await waitFor(() => expect(options()[0]!.textContent).toBe('hon 1'));
    expect(box().getAttribute('aria-expanded')).toBe('true');
  });

  it('Escape before the suggestions arrive keeps the typed words, and the late list stays closed', async () => {
    let answerSuggestions = () => {};
    const suggestionsAsked = new Promise<void>((asked) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          const url = new URL(String(input), 'http://x');
          const data = url.pathname === '/api/search/keyword/hot' ? HOT : ['socks for tramping'];
          if (url.pathname === '/api/search/keyword/query') {
            asked();
            await new Promise<void>((answer) => {
              answerSuggestions = answer;
            });
          }
          return new Response(JSON.stringify({ success: true, code: 200, message: 'ok', data }), {
            headers: { 'Content-Type': 'application/json' },
          });
        }),
      );
    });
    const { router, queryClient } = renderWithProviders(<SearchBox />);
    fireEvent.focus(box());
    fireEvent.input(box(), { target: { value: 'socks' } });
    await suggestionsAsked;
    // false: the key's default (a browser empties a search field on Escape) was prevented.
    expect(fireEvent.keyDown(box(), { key: 'Escape' })).toBe(false);
    await act(async () => answerSuggestions());
    await waitFor(() =>
      expect(queryClient.getQueryData(['search', 'suggestions', 'socks'])).toEqual(['socks for tramping']),
    );
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('socks');
    await userEvent.type(box(), '{Enter}');
    expect(here(router)).toBe('/pages/search/index?keyword=socks');
  });

  it('clears the focus state 200 ms after blur, so a click on a suggestion still lands', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ '/api/search/keyword/hot': HOT, '/api/search/keyword/query': suggest });
    const { router } = renderWithProviders(<SearchBox />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(box(), 'ho');
    await waitFor(() => expect(options()).toHaveLength(10));

    fireEvent.blur(box());
    act(() => vi.advanceTimersByTime(199));
    expect(box().getAttribute('aria-expanded')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(box().getAttribute('aria-expanded')).toBe('false');

    // Focus again, then click a suggestion: the blur the click causes does not hide it first.
    fireEvent.focus(box());
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    await user.click(options()[4]!);
    expect(here(router)).toBe('/pages/search/index?keyword=ho%205');
  });

  it('with a chosen supplier the search URL carries both supplier and keyword', async () => {
    stubApi({ '/api/search/keyword/hot': HOT, '/api/search/keyword/query': suggest });
    const { router } = renderWithProviders(<SearchBox supplier="KFF" />);
    await userEvent.type(box(), 'honey{Enter}');
    expect(here(router)).toBe('/pages/search/index?keyword=honey&supplier=KFF');
  });

  it('the header passes the supplier chosen in supplier mode (and not in store mode)', async () => {
    stubApi({ '/api/search/keyword/hot': HOT });
    useSelectedSupplier.setState({ code: 'TWH' });
    const supplierMode = renderWithProviders(<Header storeMode={false} />);
    await userEvent.type(box(), 'rug{Enter}');
    expect(here(supplierMode.router)).toBe('/pages/search/index?keyword=rug&supplier=TWH');
    supplierMode.unmount();

    const storeMode = renderWithProviders(<Header storeMode />);
    await userEvent.type(box(), 'rug{Enter}');
    expect(here(storeMode.router)).toBe('/pages/search/index?keyword=rug');
  });

  it('shows the keyword of the search page it is on', () => {
    stubApi({ '/api/search/keyword/hot': HOT });
    renderWithProviders(<SearchBox />, { route: '/pages/search/index?keyword=kawakawa%20balm' });
    expect((box() as HTMLInputElement).value).toBe('kawakawa balm');
  });

  it('offers the first hot keywords as quick links', async () => {
    stubApi({ '/api/search/keyword/hot': HOT });
    renderWithProviders(<SearchBox supplier="KFF" />);
    const list = await screen.findByRole('list', { name: 'Popular searches' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(HOT);
    expect(links[0]!.getAttribute('href')).toBe('/pages/search/index?keyword=manuka%20honey&supplier=KFF');
  });
});
