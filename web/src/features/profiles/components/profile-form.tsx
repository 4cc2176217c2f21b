import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileFields, type SavedProfile } from '@partsmith/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FailureBox, FixedField, FormField } from '../../../components/ui/form-field.tsx';
import { useFieldIds } from '../../../lib/field-ids.ts';
import { useSubmitFailure } from '../../../lib/submit-failure.ts';

const Field = (props: Omit<Parameters<typeof FormField>[0], 'styleControl'>) => (
  <FormField {...props} styleControl />
);
import { useUpdateProfile, type ProfileValues } from '../api/update-profile.ts';

/** The texts of a saved and of a refused profile (docs/spec.md, Error and success texts). */
export const PROFILE_UPDATED = 'Your Profile Updated Successfully';
export const PROFILE_FAILED = 'Something went wrong!';

export interface ProfileUser {
  name: string;
  email: string;
}

const valuesOf = (saved: SavedProfile | null): ProfileValues => ({
  education: saved?.education ?? '',
  location: saved?.location ?? '',
  phone: saved?.phone ?? '',
  linkedinUrl: saved?.linkedinUrl ?? '',
  additionalInfo: saved?.additionalInfo ?? '',
});

/**
 * My Profile's form: name and e-mail (disabled), education, location, phone, LinkedIn,
 * additional info and UPDATE. Shows what is saved; all five fields are required (ProfileFields).
 */
export function ProfileForm({ user, saved }: { user: ProfileUser; saved: SavedProfile | null }) {
  const ids = useFieldIds(
    'heading',
    'name',
    'email',
    'education',
    'location',
    'phone',
    'linkedinUrl',
    'additionalInfo',
  );
  const { failure, fail, clear } = useSubmitFailure(PROFILE_FAILED);
  const update = useUpdateProfile(user.email);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(ProfileFields), defaultValues: valuesOf(saved) });

  const submit = (values: ProfileValues) => {
    clear();
    update.mutate(values, {
      onSuccess: (answer) => {
        if (!answer?.acknowledged) return fail(null);
        toast.success(PROFILE_UPDATED);
        // What is saved now is the form's new starting point (trimmed as the server stored it).
        reset(values);
      },
      onError: fail,
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      aria-labelledby={ids.heading}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={ids.heading} className="text-xl font-bold text-slate-900">
          Profile details
        </h2>
        {saved === null && (
          <p className="text-sm text-slate-700">Not saved yet: fill in all fields.</p>
        )}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <FixedField id={ids.name} label="Name" type="text" value={user.name} disabled />
        <FixedField id={ids.email} label="Email" type="email" value={user.email} disabled />

        <Field id={ids.education} label="Education" error={errors.education?.message}>
          {({ className, ...props }) => (
            <input
              type="text"
              placeholder="BSc Computer Engineering, State University"
              className={`input ${className}`}
              {...props}
              {...register('education')}
            />
          )}
        </Field>
        <Field id={ids.location} label="Location (city/district)" error={errors.location?.message}>
          {({ className, ...props }) => (
            <input
              type="text"
              autoComplete="address-level2"
              placeholder="Austin, Travis County"
              className={`input ${className}`}
              {...props}
              {...register('location')}
            />
          )}
        </Field>
        <Field
          id={ids.phone}
          label="Phone"
          error={errors.phone?.message}
          hint="With the country code, e.g. +1 512 555 0147."
        >
          {({ className, ...props }) => (
            <input
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+1 512 555 0147"
              className={`input ${className}`}
              {...props}
              {...register('phone')}
            />
          )}
        </Field>
        <Field id={ids.linkedinUrl} label="LinkedIn link" error={errors.linkedinUrl?.message}>
          {({ className, ...props }) => (
            <input
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://www.linkedin.com/in/your-name"
              className={`input ${className}`}
              {...props}
              {...register('linkedinUrl')}
            />
          )}
        </Field>
        <Field
          id={ids.additionalInfo}
          label="Additional info"
          error={errors.additionalInfo?.message}
          className="sm:col-span-2"
        >
          {({ className, ...props }) => (
            <textarea
              rows={4}
              placeholder="What do you build? Which parts do you buy most?"
              className={`textarea ${className}`}
              {...props}
              {...register('additionalInfo')}
            />
          )}
        </Field>
      </div>

      <FailureBox text={PROFILE_FAILED} failure={failure} />

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <button
          type="submit"
          className="btn btn-primary px-10 tracking-wide uppercase"
          disabled={update.isPending}
        >
          {update.isPending && <span aria-hidden="true" className="spinner size-5" />}
          Update
        </button>
        <p aria-live="polite" className="text-sm text-slate-700">
          {update.isPending ? 'Saving your profile…' : isDirty ? 'You have unsaved changes.' : ''}
        </p>
      </div>
    </form>
  );
}
