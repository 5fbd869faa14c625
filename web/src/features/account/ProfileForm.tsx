import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Member,
  retailProfileEditSchema,
  wholesaleProfileEditSchema,
} from '@mall/shared/contract/account';
import { type ReactNode, useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useServerError } from '../../api/server-errors.ts';
import { FormAlert, SubmitButton, TextField } from '../../components/FormField.tsx';
import { SECURITY_PATH } from '../../lib/routes.ts';
import { AvatarUpload } from './AvatarUpload.tsx';
import { useProfileEdit } from './account-api.ts';
import { AddressField, DriverLicenceField, NicknameField } from './account-fields.tsx';
import type { RetailProfileForm, WholesaleProfileForm } from './form-schemas.ts';

export const PROFILE_SAVED = 'Your profile has been saved.';

function ReadOnly({ label, value, action }: { label: string; value: string | null; action?: ReactNode }) {
  return (
    <div>
      <dt className="mb-1.5 text-sm font-medium text-ink">{label}</dt>
      <dd className="flex h-11 items-center justify-between gap-3 rounded-lg border border-line bg-gray-50 px-3.5 text-[15px] text-muted">
        <span className="truncate">{value || 'Not given'}</span>
        {action}
      </dd>
    </div>
  );
}

function Card({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="card px-8 py-7">
      <h2 className="text-base font-semibold text-navy">{title}</h2>
      {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

const changeLink = (
  <Link to={SECURITY_PATH} className="link shrink-0 text-sm">
    Change
  </Link>
);

function Contact({ member }: { member: Member }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-5">
      <ReadOnly label="E-mail" value={member.userAccount} action={changeLink} />
      <ReadOnly label="Phone" value={member.userPhone} action={changeLink} />
    </dl>
  );
}

/** Retail: nickname (the nickname rule), driver licence, address and picture. */
function RetailProfile({ member }: { member: Member }) {
  const edit = useProfileEdit();
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<RetailProfileForm>({
    resolver: zodResolver(retailProfileEditSchema),
    mode: 'onBlur',
    defaultValues: {
      userName: member.userName,
      driverLicense: member.driverLicense ?? '',
      address: member.address ?? '',
      avatarUrl: member.avatarUrl,
    },
  });
  const server = useServerError(setError, ['userName', 'driverLicense', 'address', 'avatarUrl']);
  const onSubmit = handleSubmit(async (body) => {
    server.setFormError(null);
    try {
      await edit.mutateAsync(body);
      reset(body);
      toast.success(PROFILE_SAVED);
    } catch (err) {
      server.show(err);
    }
  });
  const onBusy = useCallback((busy: boolean) => setUploading(busy), []);
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <Card title="Profile picture">
        <Controller
          control={control}
          name="avatarUrl"
          render={({ field }) => (
            <AvatarUpload
              member={member}
              value={field.value ?? null}
              onChange={(url) => field.onChange(url)}
              onBusyChange={onBusy}
            />
          )}
        />
        {errors.avatarUrl?.message ? (
          <p className="mt-2 text-[13px] text-accent">{errors.avatarUrl.message}</p>
        ) : null}
      </Card>
      <Card title="About you" intro="Your nickname is shown in the header and on your reviews.">
        {server.formError ? <FormAlert className="mb-5">{server.formError}</FormAlert> : null}
        <div className="grid grid-cols-2 gap-x-6 gap-y-5">
          <NicknameField error={errors.userName?.message} {...register('userName')} />
          <DriverLicenceField error={errors.driverLicense?.message} {...register('driverLicense')} />
          <AddressField className="col-span-2" error={errors.address?.message} {...register('address')} />
        </div>
        <div className="mt-6">
          <Contact member={member} />
        </div>
        <div className="mt-7 flex justify-end gap-3 border-t border-line pt-6">
          <button
            type="button"
            className="btn-secondary"
            disabled={!isDirty || edit.isPending}
            onClick={() => reset()}
          >
            Cancel
          </button>
          <SubmitButton pending={edit.isPending} disabled={uploading} className="min-w-40">
            Save changes
          </SubmitButton>
        </div>
      </Card>
    </form>
  );
}

/** Wholesale: contact name, company address and picture; the registered company details are shown. */
function WholesaleProfile({ member }: { member: Member }) {
  const edit = useProfileEdit();
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<WholesaleProfileForm>({
    resolver: zodResolver(wholesaleProfileEditSchema),
    mode: 'onBlur',
    defaultValues: { userName: member.userName, address: member.address ?? '', avatarUrl: member.avatarUrl },
  });
  const server = useServerError(setError, ['userName', 'address', 'avatarUrl']);
  const onSubmit = handleSubmit(async (body) => {
    server.setFormError(null);
    try {
      await edit.mutateAsync(body);
      reset(body);
      toast.success(PROFILE_SAVED);
    } catch (err) {
      server.show(err);
    }
  });
  const onBusy = useCallback((busy: boolean) => setUploading(busy), []);
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <Card title="Profile picture">
        <Controller
          control={control}
          name="avatarUrl"
          render={({ field }) => (
            <AvatarUpload
              member={member}
              value={field.value ?? null}
              onChange={(url) => field.onChange(url)}
              onBusyChange={onBusy}
            />
          )}
        />
        {errors.avatarUrl?.message ? (
          <p className="mt-2 text-[13px] text-accent">{errors.avatarUrl.message}</p>
        ) : null}
      </Card>
      <Card
        title="Your business"
        intro="The registered details of your business. To change them, please contact our trade team."
      >
        <dl className="grid grid-cols-2 gap-x-6 gap-y-5">
          <ReadOnly label="Company trading name" value={member.companyTradingName} />
          <ReadOnly label="Member No." value={member.userNo} />
          <ReadOnly label="Company number" value={member.companyNumber} />
          <ReadOnly label="NZBN" value={member.nzbn} />
        </dl>
      </Card>
      <Card title="Contact and address">
        {server.formError ? <FormAlert className="mb-5">{server.formError}</FormAlert> : null}
        <div className="grid grid-cols-2 gap-x-6 gap-y-5">
          <TextField
            label="Contact name"
            autoComplete="name"
            error={errors.userName?.message}
            {...register('userName')}
          />
          <div aria-hidden="true" />
          <AddressField
            label="Business address"
            optional={false}
            placeholder={undefined}
            className="col-span-2"
            error={errors.address?.message}
            {...register('address')}
          />
        </div>
        <div className="mt-6">
          <Contact member={member} />
        </div>
        <div className="mt-7 flex justify-end gap-3 border-t border-line pt-6">
          <button
            type="button"
            className="btn-secondary"
            disabled={!isDirty || edit.isPending}
            onClick={() => reset()}
          >
            Cancel
          </button>
          <SubmitButton pending={edit.isPending} disabled={uploading} className="min-w-40">
            Save changes
          </SubmitButton>
        </div>
      </Card>
    </form>
  );
}

/**
 * Profile (PUT /api/retail/customer/edit for both kinds, each with its own schema): what a member
 * may change about themselves; the saved member replaces the stored one.
 */
export function ProfileForm({ member }: { member: Member }) {
  // A fresh form per member (e.g. after a new login in another tab).
  return member.kind === 'wholesale' ? (
    <WholesaleProfile key={member.id} member={member} />
  ) : (
    <RetailProfile key={member.id} member={member} />
  );
}
