import type { ComponentType } from 'react';
import { onFirstUse } from '../../components/on-first-use.ts';

/** The supplier dropdown is shown in supplier mode only: a store-mode visit does not download it. */
export const supplierDropdownPart = onFirstUse<ComponentType>(() =>
  import('./SupplierDropdown.tsx').then((m) => m.SupplierDropdown),
);
