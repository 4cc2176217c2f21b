import type { TaxExemption } from '@partsmith/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useSubmitFailure } from '../../../lib/submit-failure.ts';
import { useEndTaxExemption } from '../api/end-tax-exemption.ts';
import { useTaxExemption } from '../api/get-tax-exemption.ts';
import { useSaveTaxExemption, type TaxExemptionValues } from '../api/save-tax-exemption.ts';
import { EditDialog } from './edit-dialog.tsx';
import { DialogButtons, FormProblems, TextBox } from './form-parts.tsx';

export const EXEMPTION_RECORDED = 'Tax exemption recorded';
export const EXEMPTION_FAILED = 'The tax exemption was not recorded.';
export const EXEMPTION_ENDED = 'Tax exemption ended';

const exemptionFields = lazyZodResolver(() =>
  import('./shipping-fields.ts').then((m) => m.TaxExemptionFields),
);

let days: Intl.DateTimeFormat | undefined;
const dayText = (iso: string) => {
  days ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : days.format(date);
};

/** The exemption on record: its certificate, note, who recorded it and when. */
function CurrentExemption({ exemption }: { exemption: TaxExemption }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-emerald-50 p-4 text-slate-900">
      <dt className="font-semibold">Certificate</dt>
      <dd className="break-words">{exemption.certificate}</dd>
      {exemption.note && (
        <>
          <dt className="font-semibold">Note</dt>
          <dd className="break-words">{exemption.note}</dd>
        </>
      )}
      <dt className="font-semibold">Recorded by</dt>
      <dd className="break-words">{exemption.recordedBy}</dd>
      <dt className="font-semibold">Since</dt>
      <dd>{dayText(exemption.createdAt)}</dd>
    </dl>
  );
}

/**
 * "End the exemption": asked in the dialog itself (a SweetAlert2 question would sit under the
 * modal dialog), the safe answer focused first.
 */
function EndExemption({ email, onEnded }: { email: string; onEnded: () => void }) {
  const questionId = useId();
  const end = useEndTaxExemption();
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (asking ? keep : ask).current?.focus();
  }, [asking]);

  const toggle = (next: boolean) => {
    moved.current = true;
    setAsking(next);
  };
  const confirm = () => {
    if (end.isPending) return;
    end.mutate(email, {
      onSuccess: () => {
        toast.success(EXEMPTION_ENDED, { description: `${email} pays sales tax again.` });
        onEnded();
      },
    });
  };

  return (
    <div className="flex flex-col gap-3">
      {asking ? (
        <div
          role="group"
          aria-labelledby={questionId}
          className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4"
        >
          <p id={questionId} className="font-semibold text-slate-900">
            End the exemption? {email} pays sales tax on the orders placed from now on.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-error btn-sm"
              aria-disabled={end.isPending || undefined}
              onClick={confirm}
            >
              {end.isPending && <span aria-hidden="true" className="spinner size-4" />}
              Yes, end it
            </button>
            <button
              ref={keep}
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => toggle(false)}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div>
          <button
            ref={ask}
            type="button"
            className="btn btn-outline btn-sm border-red-700 text-red-800 hover:bg-red-50"
            onClick={() => toggle(true)}
          >
            End the exemption
          </button>
        </div>
      )}
      {end.isError && (
        <p role="alert" className="font-semibold text-error">
          The exemption was not ended: {errorText(end.error)}
        </p>
      )}
    </div>
  );
}

/** Records the exemption, or replaces the one on record (its values to start from). */
function ExemptionForm({
  email,
  current,
  onClose,
}: {
  email: string;
  current: TaxExemption | null;
  onClose: () => void;
}) {
  const id = useId();
  const save = useSaveTaxExemption();
  const { failure, fail, clear } = useSubmitFailure(EXEMPTION_FAILED);
  const form = useForm({
    resolver: exemptionFields,
    defaultValues: { certificate: current?.certificate ?? '', note: current?.note ?? '' },
  });
  const { errors } = form.formState;
  const noteError = errors.note?.message;

  const submit = (body: TaxExemptionValues) => {
    if (save.isPending) return;
    clear();
    save.mutate(
      { email, body },
      {
        onSuccess: () => {
          toast.success(EXEMPTION_RECORDED, {
            description: `${email} buys without sales tax.`,
          });
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4"
      onFocus={exemptionFields.preload}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <h3 id={`${id}-heading`} className="font-bold text-slate-900">
        {current ? 'Replace the exemption' : 'Record an exemption'}
      </h3>
      <TextBox
        id={`${id}-certificate`}
        label="Certificate or resale number"
        error={errors.certificate?.message}
        maxLength={60}
        field={form.register('certificate')}
      />
      <FormField
        id={`${id}-note`}
        label="Note (optional)"
        error={noteError}
        hint="For the admins: the state it is valid in, when it expires."
        styleControl
      >
        {({ className, ...props }) => (
          <textarea
            {...props}
            rows={3}
            maxLength={300}
            className={`textarea bg-white ${className}`}
            {...form.register('note')}
          />
        )}
      </FormField>
      <FormProblems text={EXEMPTION_FAILED} failure={failure} rootError={errors.root?.message} />
      <DialogButtons pending={save.isPending} onCancel={onClose}>
        {current ? 'Replace exemption' : 'Record exemption'}
      </DialogButtons>
    </form>
  );
}

/**
 * A customer's sales tax exemption (issue 47), in a dialog: the one on record (GET; none is a
 * 404), a form that records one or replaces it (PUT), and End the exemption (DELETE).
 */
export function TaxExemptionDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const exemption = useTaxExemption(email);
  const { data } = exemption;
  return (
    <EditDialog title={`Tax exemption: ${email}`} onClose={onClose}>
      {exemption.isPending ? (
        <Spinner label="Loading the tax exemption" className="py-6" />
      ) : data === undefined ? (
        <LoadFailed what="the tax exemption" query={exemption} />
      ) : (
        <>
          {data ? (
            <div className="flex flex-col gap-3">
              <p className="text-slate-900">{email} buys without sales tax:</p>
              <CurrentExemption exemption={data} />
              <EndExemption email={email} onEnded={onClose} />
            </div>
          ) : (
            <p className="text-slate-900">No exemption on record: {email} pays sales tax.</p>
          )}
          <ExemptionForm email={email} current={data} onClose={onClose} />
        </>
      )}
    </EditDialog>
  );
}

/** The users table's button for one customer's exemption; it opens the dialog. */
export function TaxExemptionButton({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm whitespace-nowrap"
        onClick={() => setOpen(true)}
      >
        Tax exemption<span className="sr-only">: {email}</span>
      </button>
      {open && <TaxExemptionDialog email={email} onClose={() => setOpen(false)} />}
    </>
  );
}
