/**
 * New Zealand's regions (ISO 3166-2:NZ codes), each on the North or South Island. The island
 * decides the wholesale minimum order and the shipping rule. Served as the `nz_region` dictionary.
 */
export type Island = 'north' | 'south';

export const ISLAND_NAME: Record<Island, string> = { north: 'North Island', south: 'South Island' };

export const NZ_REGIONS = [
  { code: 'NTL', name: 'Northland', island: 'north' },
  { code: 'AUK', name: 'Auckland', island: 'north' },
  { code: 'WKO', name: 'Waikato', island: 'north' },
  { code: 'BOP', name: 'Bay of Plenty', island: 'north' },
  { code: 'GIS', name: 'Gisborne', island: 'north' },
  { code: 'HKB', name: "Hawke's Bay", island: 'north' },
  { code: 'TKI', name: 'Taranaki', island: 'north' },
  { code: 'MWT', name: 'Manawatū-Whanganui', island: 'north' },
  { code: 'WGN', name: 'Wellington', island: 'north' },
  { code: 'TAS', name: 'Tasman', island: 'south' },
  { code: 'NSN', name: 'Nelson', island: 'south' },
  { code: 'MBH', name: 'Marlborough', island: 'south' },
  { code: 'WTC', name: 'West Coast', island: 'south' },
  { code: 'CAN', name: 'Canterbury', island: 'south' },
  { code: 'OTA', name: 'Otago', island: 'south' },
  { code: 'STL', name: 'Southland', island: 'south' },
] as const satisfies readonly { code: string; name: string; island: Island }[];

export type RegionCode = (typeof NZ_REGIONS)[number]['code'];
export const REGION_CODES = NZ_REGIONS.map((r) => r.code) as [RegionCode, ...RegionCode[]];

export const regionOf = (code: string) => NZ_REGIONS.find((r) => r.code === code);

/** A New Zealand postcode: exactly 4 digits. */
export const isPostcode = (v: string): boolean => /^\d{4}$/.test(v);
