import { ISLAND_NAME, type Island, NZ_REGIONS } from '@mall/shared/nz-regions';
import { type Ref, type SelectHTMLAttributes, useId } from 'react';
import { FieldError, inputClass } from '../../components/FormField.tsx';
import { ChevronDownIcon } from '../../components/icons.tsx';

const ISLANDS: Island[] = ['north', 'south'];

export interface RegionSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  className?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** The regions of New Zealand grouped by island (the island decides shipping and the wholesale minimum). */
export function RegionSelect({ label, error, className = '', id, ref, ...select }: RegionSelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const messageId = `${selectId}-message`;
  return (
    <div className={className} data-field={select.name}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          className={`${inputClass(Boolean(error))} cursor-pointer appearance-none pr-10`}
          {...select}
        >
          <option value="">Choose a region</option>
          {ISLANDS.map((island) => (
            <optgroup key={island} label={ISLAND_NAME[island]}>
              {NZ_REGIONS.filter((r) => r.island === island).map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <ChevronDownIcon
          size={16}
          className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-muted"
        />
      </div>
      {error ? <FieldError id={messageId}>{error}</FieldError> : null}
    </div>
  );
}
