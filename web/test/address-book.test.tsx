import { ADDRESS_MESSAGES, type Address } from '@mall/shared/contract/address';
import { MESSAGES } from '@mall/shared/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE_QUESTION } from '../src/features/address/AddressBook.tsx';
import ShippingAddressPage from '../src/pages/ShippingAddressPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { fieldRefusal, type Reply, stubAccountApi } from './account-api-stub.ts';
import { retailMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';
import { address, addressPage, southAddress } from './order-fixtures.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ token: 'access', refreshToken: 'refresh', member: retailMember(), orgId: null });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

/** The address calls on an in-memory list; `override` replaces a call ("METHOD /path"). */
const addressServer = (initial: Address[], override: Record<string, Reply | (() => Reply)> = {}) => {
  let list = [...initial];
  return stubAccountApi({
    'GET /api/customer/address': () => ({ data: addressPage(list) }),
    'POST /api/customer/address': (c) => {
      const saved = address({ ...(c.body as Partial<Address>), id: 99, regionName: 'Auckland' });
      list = [...list, saved];
      return { data: saved };
    },
    'PUT /api/customer/address': (c) => {
      const body = c.body as Address;
      list = list.map((a) =>
        a.id === body.id ? { ...a, ...body } : body.isDefault ? { ...a, isDefault: false } : a,
      );
      return { data: list.find((a) => a.id === body.id) };
    },
    ...Object.fromEntries(
      initial.map((a) => [
        `DELETE /api/customer/address/${a.id}`,
        () => {
          list = list.filter((x) => x.id !== a.id);
          return { data: null };
        },
      ]),
    ),
    ...override,
  });
};

const openPage = () =>
  renderWithProviders(<ShippingAddressPage />, { route: '/pages/user/profile/shipping-address' });
const card = (id: number) => document.querySelector(`[data-address="${id}"]`) as HTMLElement;
const field = (label: string | RegExp) => within(screen.getByRole('dialog')).getByLabelText(label);
const messageOf = (label: string | RegExp) => {
  const id = field(label).getAttribute('aria-describedby');
  const el = id ? document.getElementById(id) : null;
  return el?.hasAttribute('data-error') ? el.textContent : null;
};

const fillForm = async () => {
  await userEvent.type(field('Recipient'), '  Hemi Walker ');
  await userEvent.type(field('Phone'), '0271234567');
  await userEvent.type(field('Street address'), '7 Dock Road');
  await userEvent.type(field('Town or city'), 'Tauranga');
  await userEvent.selectOptions(field('Region'), 'BOP');
  await userEvent.type(field('Postcode'), '3110');
};

describe('shipping addresses', () => {
  it('shows each address as a card: recipient, phone, full address, region and island, the default tagged', async () => {
    addressServer([
      address({ id: 1, recipient: 'Aroha Ngata', isDefault: true }),
      southAddress({ id: 2, recipient: 'Mere Tane', suburb: '' }),
    ]);
    openPage();
    expect(await screen.findByText('Aroha Ngata')).toBeVisible();
    expect(card(1).textContent).toContain('1 Queen Street, Ponsonby, Auckland 1011');
    expect(card(1).textContent).toContain('Auckland, North Island');
    expect(card(1).textContent).toContain('0211234567');
    expect(card(2).textContent).toContain('2 Colombo Street, Christchurch 8023');
    expect(card(2).textContent).toContain('Canterbury, South Island');
    expect(document.querySelectorAll('[data-default-tag]')).toHaveLength(1);
    expect(within(card(1)).getByText('Default')).toBeVisible();
    // The default has no 'Set as default'; the other does.
    expect(within(card(1)).queryByRole('button', { name: 'Set as default' })).toBeNull();
    expect(within(card(2)).getByRole('button', { name: 'Set as default' })).toBeVisible();
  });

  it('no address: an empty state with Add address', async () => {
    addressServer([]);
    openPage();
    expect(await screen.findByText('No shipping address yet')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    // The first address starts as the default.
    expect(
      (within(dialog).getByRole('checkbox', { name: /default address/ }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('a list that cannot be loaded says so, with a retry', async () => {
    stubAccountApi({ 'GET /api/customer/address': { status: 500, message: 'Database unavailable' } });
    openPage();
    expect(await screen.findByText('Your addresses could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('the form checks every rule in the browser and sends nothing while one fails', async () => {
    const api = addressServer([address({ id: 1, isDefault: true })]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(messageOf('Recipient')).toBe(MESSAGES.required));
    expect(messageOf('Phone')).toBe(MESSAGES.required);
    expect(messageOf('Street address')).toBe(MESSAGES.required);
    expect(messageOf(/^Suburb/)).toBeNull();
    expect(messageOf('Town or city')).toBe(MESSAGES.required);
    expect(messageOf('Region')).toBe(ADDRESS_MESSAGES.region);
    expect(messageOf('Postcode')).toBe(ADDRESS_MESSAGES.postcode);
    await userEvent.type(field('Phone'), '021-123');
    await userEvent.type(field('Postcode'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(messageOf('Phone')).toBe(MESSAGES.phone));
    expect(messageOf('Postcode')).toBe(ADDRESS_MESSAGES.postcode);
    expect(api.called('POST /api/customer/address')).toHaveLength(0);
  });

  it('the regions are grouped by island', async () => {
    addressServer([address({ id: 1, isDefault: true })]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    await screen.findByRole('dialog');
    const groups = [...field('Region').querySelectorAll('optgroup')];
    expect(groups.map((g) => g.label)).toEqual(['North Island', 'South Island']);
    expect(within(groups[1] as HTMLElement).getByRole('option', { name: 'Canterbury' })).toBeVisible();
    expect(groups[0]!.querySelectorAll('option')).toHaveLength(9);
    expect(groups[1]!.querySelectorAll('option')).toHaveLength(7);
  });

  it('adds an address: the trimmed fields go to POST, the dialog closes and the card appears', async () => {
    const api = addressServer([address({ id: 1, isDefault: true })]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    await screen.findByRole('dialog');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(api.called('POST /api/customer/address')).toHaveLength(1));
    expect(api.called('POST /api/customer/address')[0]!.body).toEqual({
      recipient: 'Hemi Walker',
      phone: '0271234567',
      street: '7 Dock Road',
      suburb: '',
      city: 'Tauranga',
      region: 'BOP',
      postcode: '3110',
      isDefault: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Hemi Walker')).toBeVisible();
    expect(toast.success).toHaveBeenCalled();
  });

  it("the server's refusal naming a field shows under that field; any other above the form", async () => {
    addressServer([address({ id: 1, isDefault: true })], {
      'POST /api/customer/address': fieldRefusal(400, 'postcode', '3110 is not a postcode of Bay of Plenty'),
    });
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    await screen.findByRole('dialog');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(messageOf('Postcode')).toBe('3110 is not a postcode of Bay of Plenty'));
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('a refusal without a field shows above the form, which stays open', async () => {
    addressServer([address({ id: 1, isDefault: true })], {
      'POST /api/customer/address': { status: 409, message: 'You can keep at most 20 addresses' },
    });
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    await screen.findByRole('dialog');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain('You can keep at most 20 addresses');
  });

  it('edits an address: the form starts filled and PUT carries the id', async () => {
    const api = addressServer([address({ id: 1, recipient: 'Aroha Ngata', isDefault: true })]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit address of Aroha Ngata' }));
    expect(await screen.findByRole('dialog', { name: 'Edit address' })).toBeVisible();
    expect((field('Region') as HTMLSelectElement).value).toBe('AUK');
    await userEvent.clear(field('Postcode'));
    await userEvent.type(field('Postcode'), '1010');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(api.called('PUT /api/customer/address')).toHaveLength(1));
    expect(api.called('PUT /api/customer/address')[0]!.body).toMatchObject({
      id: 1,
      recipient: 'Aroha Ngata',
      postcode: '1010',
      region: 'AUK',
      isDefault: true,
    });
  });

  it('delete asks first; cancel keeps it, confirm deletes it', async () => {
    const api = addressServer([
      address({ id: 1, recipient: 'Aroha Ngata', isDefault: true }),
      address({ id: 2, recipient: 'Mere Tane' }),
    ]);
    openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete address of Mere Tane' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DELETE_QUESTION)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.called('DELETE /api/customer/address/2')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete address of Mere Tane' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.called('DELETE /api/customer/address/2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Mere Tane')).toBeNull());
  });

  it('set as default sends the whole address with isDefault, and the tag moves', async () => {
    const api = addressServer([
      address({ id: 1, recipient: 'Aroha Ngata', isDefault: true }),
      southAddress({ id: 2, recipient: 'Mere Tane' }),
    ]);
    openPage();
    await screen.findByText('Mere Tane');
    await userEvent.click(within(card(2)).getByRole('button', { name: 'Set as default' }));
    await waitFor(() => expect(api.called('PUT /api/customer/address')).toHaveLength(1));
    expect(api.called('PUT /api/customer/address')[0]!.body).toEqual({
      id: 2,
      recipient: 'Mere Tane',
      phone: '0211234567',
      street: '2 Colombo Street',
      suburb: 'Sydenham',
      city: 'Christchurch',
      region: 'CAN',
      postcode: '8023',
      isDefault: true,
    });
    await waitFor(() => expect(within(card(2)).queryByText('Default')).toBeTruthy());
    expect(within(card(1)).queryByText('Default')).toBeNull();
  });
});
