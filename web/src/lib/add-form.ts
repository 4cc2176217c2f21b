import { useState, type BaseSyntheticEvent } from 'react';
import { useController, type Control, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { useSubmitFailure } from './submit-failure.ts';

/** What a mutation's `mutate` needs to be for useAddForm. */
export interface AddMutation<Values> {
  mutate: (
    values: Values,
    handlers: {
      onSuccess: (answer: { insertedId?: unknown } | null | undefined) => void;
      onError: (error: Error) => void;
    },
  ) => void;
  isPending: boolean;
}

/** The words of a form that adds something with an image (its card shows most of them). */
export interface AddTexts {
  heading: string;
  imageLabel: string;
  previewAlt: string;
  submitLabel: string;
  /** Toasted when the item is stored. */
  added: string;
  /** Toasted, and shown in the form, when it is not. */
  failed: string;
}

/**
 * A form that adds something with an uploaded image (a part, a review): its image field and its
 * submit. Nothing is sent while the image uploads; a stored item (the answer has its new id)
 * toasts `texts.added` and empties the form (back to its default values); anything else fails
 * as useSubmitFailure says.
 */
export function useAddForm<Fields extends { image: string }, Values>(
  form: UseFormReturn<Fields, unknown, Values>,
  add: AddMutation<Values>,
  texts: AddTexts,
) {
  // Registered before the form's own fields, so a failed submit focuses it first, as it comes
  // first. `Fields` has a text field 'image', which react-hook-form's path types cannot see.
  const image = useController({
    control: form.control as unknown as Control<{ image: string }>,
    name: 'image',
  });
  const [uploading, setUploading] = useState(false);
  const { failure, fail, clear } = useSubmitFailure(texts.failed);
  const submit = (values: Values) => {
    if (uploading) return;
    clear();
    add.mutate(values, {
      onSuccess: (answer) => {
        if (!answer?.insertedId) return fail(null);
        toast.success(texts.added);
        form.reset();
      },
      onError: fail,
    });
  };
  const onSubmit = (event: BaseSyntheticEvent) => void form.handleSubmit(submit)(event);
  return { texts, image, onSubmit, uploading, setUploading, pending: add.isPending, failure };
}

/** What useAddForm hands the form's card. */
export type AddState = ReturnType<typeof useAddForm>;
