import type { ShippingZone } from '@partsmith/contract';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSubmitFailure } from '../../../lib/submit-failure.ts';
import { useSaveShippingZone, type ZoneValues } from '../api/save-shipping-zone.ts';
import { EditDialog } from './edit-dialog.tsx';
import { CODE_BOX, DialogButtons, FormProblems, TextBox } from './form-parts.tsx';
import type { ZoneFields } from './shipping-fields.ts';
import { codesOf, countryName, placesText } from './shipping-text.ts';

export const ZONE_ADDED = 'Shipping zone added';
export const ZONE_SAVED = 'Shipping zone saved';
export const ZONE_FAILED = 'The shipping zone was not saved.';

const zoneFields = lazyZodResolver(() => import('./shipping-fields.ts').then((m) => m.ZoneFields));

/**
 * A list box's error: the contract's message for the first code it refuses, with that code
 * ("USA: A country is its two-letter ISO code"), or the list's own.
 */
function listError(error: unknown, typed: string): string | undefined {
  if (!error) return undefined;
  if (Array.isArray(error)) {
    const index = error.findIndex(Boolean);
    const message = (error[index] as { message?: string } | undefined)?.message;
    const code = codesOf(typed)[index];
    return code && message ? `${code}: ${message}` : message;
  }
  return (error as { message?: string }).message;
}

/**
 * "Add a zone" or "Edit zone …": its name, its countries and regions as typed lists of codes
 * (the countries' names read back under the box), and its position among equally specific
 * zones. Checked by the contract's ShippingZoneBody before it is sent; the server's refusal shows
 * in the form.
 */
export function ZoneForm({ zone, onClose }: { zone?: ShippingZone; onClose: () => void }) {
  const id = useId();
  const save = useSaveShippingZone();
  const { failure, fail, clear } = useSubmitFailure(ZONE_FAILED);
  const form = useForm<ZoneFields, unknown, ZoneValues>({
    resolver: zoneFields,
    defaultValues: {
      name: zone?.name ?? '',
      countries: zone?.countries.join(', ') ?? '',
      regions: zone?.regions.join(', ') ?? '',
      position: zone ? String(zone.position) : '',
    },
  });
  const { register, control, handleSubmit } = form;
  const { errors } = form.formState;
  const [countries, regions] = useWatch({ control, name: ['countries', 'regions'] });
  const typed = codesOf(countries);

  const submit = (body: ZoneValues) => {
    if (save.isPending) return;
    clear();
    save.mutate(
      { id: zone?._id, body },
      {
        onSuccess: (saved) => {
          toast.success(zone ? ZONE_SAVED : ZONE_ADDED, {
            description: `${saved.name}: ${placesText(saved)}.`,
          });
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <EditDialog title={zone ? `Edit zone ${zone.name}` : 'Add a zone'} onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-5"
        onFocus={zoneFields.preload}
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <TextBox
          id={`${id}-name`}
          label="Name"
          error={errors.name?.message}
          hint="As the admins read it: Europe."
          maxLength={80}
          field={register('name')}
        />
        <div>
          <TextBox
            id={`${id}-countries`}
            label="Countries"
            error={listError(errors.countries, countries)}
            hint="Two-letter country codes separated by commas or spaces: US, CA, MX. Leave countries and regions empty for every other country (the rest of the world)."
            {...CODE_BOX}
            field={register('countries')}
          />
          <p className="mt-1 text-sm break-words text-slate-800">
            {typed.length === 0 && codesOf(regions).length === 0
              ? 'Reads as: every other country.'
              : typed.length > 0 && `Reads as: ${typed.map(countryName).join(', ')}.`}
          </p>
        </div>
        <TextBox
          id={`${id}-regions`}
          label="Regions (optional)"
          error={listError(errors.regions, regions)}
          hint="A country's code, a dash and the region's: US-AK, US-HI. A zone that names a region takes it from its country's zone."
          {...CODE_BOX}
          field={register('regions')}
        />
        <TextBox
          id={`${id}-position`}
          label="Position (optional)"
          error={errors.position?.message}
          hint="Where two zones hold a place alike, the lower number wins; the list follows it too. Empty: after the other zones."
          inputMode="numeric"
          maxLength={4}
          field={register('position')}
        />
        <FormProblems text={ZONE_FAILED} failure={failure} rootError={errors.root?.message} />
        <DialogButtons pending={save.isPending} onCancel={onClose}>
          {zone ? 'Save zone' : 'Add zone'}
        </DialogButtons>
      </form>
    </EditDialog>
  );
}
