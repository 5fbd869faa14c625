import type { Supplier } from '@mall/shared/contract/reference';
import { useLocation, useNavigate } from 'react-router';
import { useSuppliers } from '../../api/use-reference.ts';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { ALL_SUPPLIERS_CODE, CATEGORY_SEARCH_PATH, SEARCH_PATH } from '../../lib/routes.ts';
import { checkSupplierChoice, supplierChoiceNeedsCheck } from '../../state/cart/supplier-guard.ts';
import { useSelectedSupplier } from '../../state/selected-supplier.ts';

/** docs/routes.md, header: the dropdown lists the suppliers except the one flagged self. */
export const dropdownSuppliers = (suppliers: readonly Supplier[]) =>
  suppliers.filter((s) => !s.self && s.code !== ALL_SUPPLIERS_CODE);

/**
 * Supplier mode: the supplier the header search is limited to, joined to the search box.
 * Choosing one sets the search supplier (kept like the top-nav choice); on a result page the
 * results follow at once.
 */
export function SupplierDropdown() {
  const { data } = useSuppliers();
  const code = useSelectedSupplier((s) => s.code);
  const choose = useSelectedSupplier((s) => s.choose);
  const location = useLocation();
  const navigate = useNavigate();
  const options = dropdownSuppliers(data ?? []);
  // A supplier chosen in the top nav that the dropdown does not list (the self supplier) is shown as chosen.
  const current = code ? (data ?? []).find((s) => s.code === code) : undefined;
  const extra = current && !options.some((s) => s.code === current.code) ? current : undefined;

  const onChange = async (value: string) => {
    const picked = (data ?? []).find((s) => s.code === value);
    const chosen = value === ALL_SUPPLIERS_CODE || !picked ? null : { id: picked.id, self: picked.self };
    if (supplierChoiceNeedsCheck(chosen) && !(await checkSupplierChoice(chosen))) return;
    choose(value);
    if (location.pathname !== SEARCH_PATH && location.pathname !== CATEGORY_SEARCH_PATH) return;
    const params = new URLSearchParams(location.search);
    if (value === ALL_SUPPLIERS_CODE) params.delete('supplier');
    else params.set('supplier', value);
    params.delete('pageNum');
    const qs = params.toString();
    navigate(`${location.pathname}${qs ? `?${qs}` : ''}`);
  };

  return (
    <div className="relative flex shrink-0">
      <label htmlFor="header-supplier" className="sr-only">
        Supplier
      </label>
      <select
        id="header-supplier"
        value={code ?? ALL_SUPPLIERS_CODE}
        onChange={(e) => void onChange(e.target.value)}
        className="h-full w-[172px] cursor-pointer appearance-none truncate rounded-l-lg border-y-2 border-l-2 border-r border-brand border-r-line bg-gray-50 pr-8 pl-3.5 text-sm font-medium text-ink outline-none transition hover:bg-brand-soft focus-visible:bg-brand-soft"
      >
        <option value={ALL_SUPPLIERS_CODE}>All suppliers</option>
        {extra ? <option value={extra.code}>{extra.name}</option> : null}
        {options.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      <ChevronDownIcon
        size={15}
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
