import { zodResolver } from '@hookform/resolvers/zod';
import { type Address, type AddressInput, addressInputSchema } from '@mall/shared/contract/address';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useServerError } from '../../api/server-errors.ts';
import { FormAlert, SubmitButton, TextField } from '../../components/FormField.tsx';
import { useSaveAddress } from './address-api.ts';
import { RegionSelect } from './RegionSelect.tsx';

type AddressOutput = z.output<typeof addressInputSchema>;

const FIELDS = ['recipient', 'phone', 'street', 'suburb', 'city', 'region', 'postcode', 'isDefault'] as const;

const valuesOf = (a: Address | null, makeDefault: boolean): AddressInput =>
  a
    ? {
        recipient: a.recipient,
        phone: a.phone,
        street: a.street,
        suburb: a.suburb,
        city: a.city,
        region: a.region as AddressInput['region'],
        postcode: a.postcode,
        isDefault: a.isDefault,
      }
    : {
        recipient: '',
        phone: '',
        street: '',
        suburb: '',
        city: '',
        region: '' as AddressInput['region'],
        postcode: '',
        isDefault: makeDefault,
      };

export interface AddressFormProps {
  /** The address to edit; null adds a new one. */
  address: Address | null;
  /** Called with the saved address as the server answered it. */
  onSaved: (saved: Address) => void;
  onCancel?: () => void;
  /** A new address starts as the default (the member's first). */
  makeDefault?: boolean;
  submitLabel?: string;
}

/**
 * A New Zealand shipping address (addressInputSchema, the one the server applies): recipient,
 * phone (digits), street, suburb (optional), city, region, 4-digit postcode, default. The
 * server's refusals naming a field show under that field; others above the buttons.
 */
export function AddressForm({
  address,
  onSaved,
  onCancel,
  makeDefault = false,
  submitLabel = 'Save address',
}: AddressFormProps) {
  const save = useSaveAddress();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddressInput, unknown, AddressOutput>({
    resolver: zodResolver(addressInputSchema),
    mode: 'onBlur',
    defaultValues: valuesOf(address, makeDefault),
  });
  const server = useServerError(setError, FIELDS);
  const onSubmit = handleSubmit(async (body) => {
    server.setFormError(null);
    try {
      const saved = await save.mutateAsync(address ? { ...body, id: address.id } : body);
      onSaved(saved);
    } catch (err) {
      server.show(err);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={address ? 'Edit address' : 'New address'}>
      {server.formError ? <FormAlert className="mb-5">{server.formError}</FormAlert> : null}
      <div className="grid grid-cols-2 gap-x-5 gap-y-4">
        <TextField
          label="Recipient"
          autoComplete="name"
          error={errors.recipient?.message}
          {...register('recipient')}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          hint="Digits only, e.g. 0211234567"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Street address"
          autoComplete="address-line1"
          placeholder="e.g. 12 Queen Street"
          className="col-span-2"
          error={errors.street?.message}
          {...register('street')}
        />
        <TextField
          label="Suburb"
          optional
          autoComplete="address-line2"
          error={errors.suburb?.message}
          {...register('suburb')}
        />
        <TextField
          label="Town or city"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <RegionSelect label="Region" error={errors.region?.message} {...register('region')} />
        <TextField
          label="Postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          error={errors.postcode?.message}
          {...register('postcode')}
        />
        {address?.isDefault ? (
          // The server keeps the default until another address is made the default.
          <p className="col-span-2 text-sm text-muted">
            This is your default address. To change that, make another address the default.
          </p>
        ) : (
          <label className="col-span-2 flex w-fit cursor-pointer items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="size-4 cursor-pointer accent-brand"
              {...register('isDefault')}
            />
            Use as my default address
          </label>
        )}
      </div>
      <div className="mt-6 flex justify-end gap-3 border-t border-line pt-5">
        {onCancel ? (
          <button type="button" className="btn-secondary h-11 min-w-24" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <SubmitButton pending={save.isPending} className="min-w-36">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
