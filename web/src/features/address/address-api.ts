import {
  ADDRESSES_MAX,
  type Address,
  type AddressInput,
  type AddressPage,
  type AddressUpdate,
} from '@mall/shared/contract/address';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useSession } from '../../state/session-store.ts';

/**
 * The member's shipping addresses (docs/orders.md: addresses) and their TanStack Query hooks.
 * Forms and cards show their own errors, so these calls never toast.
 */
export const ADDRESS_API = '/api/customer/address';

const quiet = { toast: false } as const;

export const addressKeys = {
  all: ['address'] as const,
  list: (memberId: number) => ['address', memberId, 'list'] as const,
};

/** GET /api/customer/address: every address of the member (at most ADDRESSES_MAX), the default first. */
export const useAddresses = () => {
  const token = useSession((s) => s.token);
  const memberId = useSession((s) => s.member?.id ?? 0);
  return useQuery({
    queryKey: addressKeys.list(memberId),
    queryFn: () =>
      api.get<AddressPage>(ADDRESS_API, { ...quiet, query: { pageNum: 1, pageSize: ADDRESSES_MAX } }),
    enabled: token !== null,
    select: (page) => page.records,
  });
};

/** What a save sends: a new address (POST) or a changed one with its id (PUT). */
export type AddressSave = AddressInput | AddressUpdate;

export const saveAddress = (body: AddressSave) =>
  'id' in body && body.id !== undefined
    ? api.put<Address>(ADDRESS_API, body, quiet)
    : api.post<Address>(ADDRESS_API, body, quiet);

/** The whole address as PUT takes it (to change one thing, e.g. make it the default). */
export const addressUpdateOf = (a: Address, patch: Partial<AddressInput> = {}): AddressUpdate => ({
  id: a.id,
  recipient: a.recipient,
  phone: a.phone,
  street: a.street,
  suburb: a.suburb,
  city: a.city,
  region: a.region as AddressUpdate['region'],
  postcode: a.postcode,
  isDefault: a.isDefault,
  ...patch,
});

/** POST or PUT /api/customer/address; the list reloads (a new default changes the others). */
export const useSaveAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
};

/** DELETE /api/customer/address/{id}. */
export const useDeleteAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${ADDRESS_API}/${id}`, quiet),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
};
