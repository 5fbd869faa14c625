import type { ClubPlan, ClubStatus } from '@mall/shared/contract/wallet';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOT_MEMBER_TITLE,
  OPEN_ENDED_TITLE,
  WHOLESALE_REASON,
  WHOLESALE_TITLE,
} from '../src/features/club/ClubView.tsx';
import * as leave from '../src/features/club/leave-page.ts';
import VipPage from '../src/pages/VipPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { type Reply, stubAccountApi } from './account-api-stub.ts';
import { retailMember, wholesaleMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

const PLANS = 'GET /api/club/member/price/app';
const STATUS = 'GET /api/club/member/app';
const SAVING =
  'Club prices are on average 8% below retail prices (7% on a typical product). The plan pays for itself once you buy $238.00 of goods at retail prices in its 3 months.';
const plans: ClubPlan[] = [
  { id: 1, name: '3 months', months: 3, price: 19, saving: SAVING },
  { id: 2, name: '12 months', months: 12, price: 59, saving: 'Twelve months of club prices.' },
];
const notMember: ClubStatus = { vip: false, vipUntil: null, history: [] };

const signIn = (member = retailMember()) =>
  useSession.setState({ token: 'access', refreshToken: 'refresh', member, orgId: null });
const open = () => renderWithProviders(<VipPage />, { route: '/pages/user/vip/index' });
const planCard = (name: string) => screen.getByRole('article', { name });

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Club membership page', () => {
  it('shows each plan with its price, price a month and saving, and a retail non-member may join', async () => {
    stubAccountApi({ [PLANS]: { data: plans }, [STATUS]: { data: notMember } });
    open();
    expect(await screen.findByRole('heading', { level: 2, name: NOT_MEMBER_TITLE })).toBeVisible();
    const three = planCard('3 months');
    expect(within(three).getByText('$19.00')).toBeVisible();
    expect(within(three).getByText('$6.33 a month')).toBeVisible();
    expect(within(three).getByText(SAVING)).toBeVisible();
    expect(within(planCard('12 months')).getByText('$4.92 a month')).toBeVisible();
    expect(within(three).getByRole('button', { name: 'Join: 3 months for $19.00' })).toBeEnabled();
    expect(screen.getByText('No plans paid for yet.')).toBeVisible();
  });

  it('Join starts the club payment and sends the browser to the gateway', async () => {
    const go = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    const api = stubAccountApi({
      [PLANS]: { data: plans },
      [STATUS]: { data: notMember },
      'GET /api/club/member/pay/2': { data: { orderId: 501, redirectUrl: '/sandbox-gateway/pay/pay_abc' } },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Join: 12 months for $59.00' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/sandbox-gateway/pay/pay_abc'));
    expect(api.called('GET /api/club/member/pay/2')).toHaveLength(1);
  });

  it('shows a refusal of the payment and lets the member try again', async () => {
    const go = vi.spyOn(leave, 'leavePage').mockImplementation(() => {});
    stubAccountApi({
      [PLANS]: { data: plans },
      [STATUS]: { data: notMember },
      'GET /api/club/member/pay/1': (): Reply => ({
        status: 404,
        message: 'id: This club plan is not on sale.',
      }),
    });
    open();
    const join = await screen.findByRole('button', { name: 'Join: 3 months for $19.00' });
    await userEvent.click(join);
    expect(await screen.findByText('id: This club plan is not on sale.')).toBeVisible();
    expect(go).not.toHaveBeenCalled();
    expect(join).toBeEnabled();
  });

  it('a member sees the end date, Renew buttons and the plans paid for', async () => {
    stubAccountApi({
      [PLANS]: { data: plans },
      [STATUS]: {
        data: {
          vip: true,
          vipUntil: '2027-02-24T10:00:00.000Z',
          history: [
            {
              orderId: 501,
              orderNo: 'KM261124100501',
              planName: '3 months',
              months: 3,
              price: 19,
              startsAt: '2026-11-24T10:00:00.000Z',
              endsAt: '2027-02-24T10:00:00.000Z',
              paidAt: '2026-11-24T10:00:00.000Z',
            },
          ],
        } satisfies ClubStatus,
      },
    });
    open();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'You are a Kauri Club member until 24 February 2027',
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Renew: 12 months for $59.00' })).toBeEnabled();
    const table = screen.getByRole('table', { name: 'Plans you have paid for, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3 months', 'KM261124100501', '24 Nov 2026', '24 Nov 2026', '24 Feb 2027', '$19.00']);
    expect(within(row!).getByRole('link', { name: 'KM261124100501' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=501',
    );
  });

  it('a membership without an end has nothing to renew', async () => {
    stubAccountApi({
      [PLANS]: { data: plans },
      [STATUS]: { data: { vip: true, vipUntil: null, history: [] } },
    });
    open();
    expect(await screen.findByRole('heading', { level: 2, name: OPEN_ENDED_TITLE })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Renew|Join/ })).toBeNull();
  });

  it('a wholesale member reads why the club is not for them, with no way to join', async () => {
    signIn(wholesaleMember());
    stubAccountApi({ [PLANS]: { data: plans }, [STATUS]: { data: notMember } });
    open();
    expect(await screen.findByRole('heading', { level: 2, name: WHOLESALE_TITLE })).toBeVisible();
    expect(screen.getByText(WHOLESALE_REASON)).toBeVisible();
    expect(within(planCard('3 months')).getByText('$19.00')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Join|Renew/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your club history' })).toBeNull();
  });

  it('says when the club could not be loaded, and loads again on Try again', async () => {
    let fail = true;
    stubAccountApi({
      [PLANS]: (): Reply => (fail ? { status: 503, message: 'Down' } : { data: plans }),
      [STATUS]: { data: notMember },
    });
    open();
    expect(await screen.findByText('The club could not be loaded')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { level: 2, name: NOT_MEMBER_TITLE })).toBeVisible();
  });
});
