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
