import { ISLAND_NAME, type Island } from '@mall/shared/nz-regions';

/** The fields an address shows with (a saved address, or the copy an order keeps). */
export interface AddressLike {
  street: string;
  suburb: string;
  city: string;
  postcode: string;
  regionName: string;
  island: Island;
}

/** "12 Queen Street, Ponsonby, Auckland 1011". */
export const streetLine = (a: AddressLike): string =>
  [a.street, a.suburb, `${a.city} ${a.postcode}`.trim()].filter(Boolean).join(', ');

/** "Auckland, North Island". */
export const regionLine = (a: AddressLike): string => `${a.regionName}, ${ISLAND_NAME[a.island]}`;

/** The whole address on one line. */
export const fullAddress = (a: AddressLike): string => `${streetLine(a)}, ${regionLine(a)}`;
