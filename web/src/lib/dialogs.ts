// SweetAlert2 is loaded on demand: the home page does not pay for dialogs it may never open.
async function swal() {
  const { default: Swal } = await import('sweetalert2');
  return Swal;
}

/** The spec's error dialog (title 'Oops...' and the given text). */
export async function showErrorDialog(text: string, title = 'Oops...') {
  const Swal = await swal();
  await Swal.fire({ icon: 'error', title, text, confirmButtonColor: '#c2410c' });
}

/** The spec's delete confirmation: 'Are you sure?' with the given text. Resolves true on yes. */
export async function confirmDialog(text: string, confirmButtonText = 'Yes, delete it!') {
  const Swal = await swal();
  const result = await Swal.fire({
    icon: 'warning',
    title: 'Are you sure?',
    text,
    showCancelButton: true,
    confirmButtonText,
    confirmButtonColor: '#b91c1c',
    cancelButtonColor: '#334155',
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** A field of a form dialog: its name in the answer, its label, a box of several lines or one. */
export interface DialogField<Name extends string> {
  name: Name;
  label: string;
  multiline?: boolean;
  hint?: string;
  maxLength?: number;
}

/**
 * A small form in the app's dialog (the ship and refund questions of Manage Orders): the fields,
 * labelled, then the confirm and cancel buttons. `check` gets the values (trimmed) when the
 * confirm button is pressed and answers what is wrong (shown in the dialog, which stays open),
 * or null. Resolves the values by field name, or null when cancelled.
 */
export async function formDialog<Name extends string>({
  title,
  text,
  fields,
  confirmButtonText,
  check,
}: {
  title: string;
  text?: string;
  fields: readonly DialogField<Name>[];
  confirmButtonText: string;
  check?: (values: Record<Name, string>) => string | null;
}): Promise<Record<Name, string> | null> {
  const Swal = await swal();
  // Built as elements, not HTML text: nothing a user typed elsewhere is read as markup.
  const form = document.createElement('div');
  form.className = 'flex flex-col gap-4 text-left';
  if (text) {
    const intro = document.createElement('p');
    intro.textContent = text;
    form.append(intro);
  }
  const boxes = fields.map((field, index) => {
    const id = `dialog-field-${index}`;
    const wrapper = document.createElement('div');
    const label = document.createElement('label');
    label.htmlFor = id;
    label.className = 'mb-1 block font-semibold text-slate-900';
    label.textContent = field.label;
    const box = document.createElement(field.multiline ? 'textarea' : 'input');
    box.id = id;
    box.name = field.name;
    box.className = `${field.multiline ? 'textarea' : 'input'} w-full border border-slate-500`;
    if (field.maxLength) box.maxLength = field.maxLength;
    if (box instanceof HTMLTextAreaElement) box.rows = 3;
    else box.type = 'text';
    wrapper.append(label, box);
    if (field.hint) {
      const hint = document.createElement('p');
      hint.id = `${id}-hint`;
      hint.className = 'mt-1 text-sm text-slate-700';
      hint.textContent = field.hint;
      box.setAttribute('aria-describedby', hint.id);
      wrapper.append(hint);
    }
    form.append(wrapper);
    return { field, box };
  });
  const read = () =>
    Object.fromEntries(boxes.map(({ field, box }) => [field.name, box.value.trim()])) as Record<
      Name,
      string
    >;
  const result = await Swal.fire({
    title,
    html: form,
    showCancelButton: true,
    confirmButtonText,
    confirmButtonColor: '#c2410c',
    cancelButtonColor: '#334155',
    focusConfirm: false,
    didOpen: () => boxes[0]?.box.focus(),
    preConfirm: () => {
      const values = read();
      const problem = check?.(values) ?? null;
      if (problem) {
        Swal.showValidationMessage(problem);
        return false;
      }
      return values;
    },
  });
  return result.isConfirmed ? (result.value as Record<Name, string>) : null;
}
