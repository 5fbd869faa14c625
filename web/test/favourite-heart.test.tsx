import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FavouriteHeart, favouriteHeartOf } from '../src/features/favourites/FavouriteHeart.tsx';
import { useSession } from '../src/state/session-store.ts';
import { type Reply, stubAccountApi } from './account-api-stub.ts';
import { retailMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

const LIST = 'GET /api/user/favorite';
const collect = (id: number) => `PATCH /api/user/favorite/collect/${id}`;

/** A favourites list answer holding `ids` (only what the heart reads). */
const listOf = (ids: number[]): Reply => ({
  data: {
    records: ids.map((goodsId) => ({ goodsId })),
    total: ids.length,
    pageNum: 1,
    pageSize: 100,
  },
});

const signIn = () =>
  useSession.setState({ token: 'access', refreshToken: 'refresh', member: retailMember() });
beforeEach(() => useSession.setState({ token: null, refreshToken: null, member: null }));
afterEach(() => vi.unstubAllGlobals());

const heart = () => screen.getByRole('button', { name: 'Favourite' });
const pressed = () => heart().getAttribute('aria-pressed');

const renderHeart = (route = '/pages/goods/index?id=7') =>
  renderWithProviders(
    <>
      <FavouriteHeart goodsId={7} goodsName="Merino Crew Top" variant="button" />
      <Toaster />
    </>,
    { route },
  );

/** A reply that waits until `release` is called. */
const held = (reply: Reply) => {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  return {
    handler: async () => {
      await gate;
      return reply;
    },
    release: () => release(),
  };
};

describe('favourite heart', () => {
  it("shows the member's state and turns at once when pressed, before the server answers", async () => {
    signIn();
    const answer = held({ data: { goodsId: 7, collected: false, total: 0 } });
    const api = stubAccountApi({ [LIST]: listOf([7]), [collect(7)]: answer.handler });
    renderHeart();
    await waitFor(() => expect(pressed()).toBe('true'));
    expect(api.calls[0]!.url.searchParams.get('goodsIds')).toBe('7');

    await userEvent.click(heart());
    expect(pressed()).toBe('false');
    expect(api.called(collect(7))).toHaveLength(1);
    answer.release();
    await waitFor(() => expect(heart()).toHaveAttribute('aria-busy', 'false'));
    expect(pressed()).toBe('false');
  });

  it('puts the heart back and says why when the server refuses (the limit)', async () => {
    signIn();
    const limit = 'You can keep at most 1,000 favourite goods. Remove some to add new ones.';
    const answer = held({ status: 409, message: limit });
    stubAccountApi({ [LIST]: listOf([]), [collect(7)]: answer.handler });
    renderHeart();
    await waitFor(() => expect(heart()).not.toBeDisabled());
    expect(pressed()).toBe('false');
    await userEvent.click(heart());
    expect(pressed()).toBe('true');
    answer.release();
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(pressed()).toBe('false');
  });

  it('puts the heart back with a retry message when the call fails on the way', async () => {
    signIn();
    stubAccountApi({ [LIST]: listOf([7]), [collect(7)]: { status: 503, message: 'Service Unavailable' } });
    renderHeart();
    await waitFor(() => expect(pressed()).toBe('true'));
    await userEvent.click(heart());
    expect(await screen.findByText('Your favourites could not be updated. Please try again.')).toBeVisible();
    expect(pressed()).toBe('true');
  });

  it('sends a guest to login, with a way back to this good that collects it', async () => {
    const api = stubAccountApi({});
    const { router } = renderHeart('/pages/goods/index?id=7');
    expect(pressed()).toBe('false');
    await userEvent.click(heart());
    expect(router.state.location.pathname).toBe('/pages/user/login/index');
    const back = new URLSearchParams(router.state.location.search).get('callbackUrl');
    expect(back).toBe('/pages/goods/index?id=7&collect=7');
    expect(api.calls).toEqual([]);
  });

  it('back from login (?collect=) collects the good once and takes the request out of the address', async () => {
    signIn();
    const api = stubAccountApi({
      [LIST]: listOf([]),
      [collect(7)]: { data: { goodsId: 7, collected: true, total: 1 } },
    });
    const { router } = renderHeart('/pages/goods/index?id=7&collect=7');
    await waitFor(() => expect(pressed()).toBe('true'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
    expect(api.called(collect(7))).toHaveLength(1);
  });

  it('does not toggle a good that is already a favourite when back from login', async () => {
    signIn();
    const api = stubAccountApi({ [LIST]: listOf([7]) });
    const { router } = renderHeart('/pages/goods/index?id=7&collect=7');
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
    expect(pressed()).toBe('true');
    expect(api.called(collect(7))).toHaveLength(0);
  });

  it("asks once for all the hearts of a page (the search results' cards)", async () => {
    signIn();
    const api = stubAccountApi({ [LIST]: listOf([2]) });
    renderWithProviders(
      <ul>
        {[1, 2, 3].map((id) => (
          <li key={id}>{favouriteHeartOf({ id, name: `Good ${id}` })}</li>
        ))}
      </ul>,
    );
    const card = (id: number) => screen.getByRole('button', { name: `Favourite Good ${id}` });
    await waitFor(() => expect(card(2)).toHaveAttribute('aria-pressed', 'true'));
    expect(card(1)).toHaveAttribute('aria-pressed', 'false');
    expect(card(3)).toHaveAttribute('aria-pressed', 'false');
    expect(api.called(LIST)).toHaveLength(1);
    expect(api.calls[0]!.url.searchParams.get('goodsIds')).toBe('1,2,3');
  });
});
