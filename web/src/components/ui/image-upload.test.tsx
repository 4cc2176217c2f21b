import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ImageUpload,
  TOO_LARGE_MESSAGE,
  UPLOAD_HINT,
  WRONG_TYPE_MESSAGE,
  type ImageUploadProps,
} from './image-upload.tsx';
import { imageFile, stubXhr } from './image-upload.testing.ts';

const UPLOADED = '/uploads/Xy12_ab-cd.webp';

function Harness(props: Partial<ImageUploadProps> & { initial?: string | null }) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <ImageUpload
        id="photo"
        label="Photo"
        value={value}
        {...rest}
        onChange={(url) => {
          setValue(url);
          rest.onChange?.(url);
        }}
      />
      <p data-testid="value">{value ?? 'none'}</p>
    </>
  );
}

const input = () => screen.getByLabelText('Photo');

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:local-preview'),
      revokeObjectURL: vi.fn(),
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImageUpload', () => {
  it('is a labelled file input for JPEG, PNG and WebP with its hint', () => {
    stubXhr();
    render(<Harness />);
    expect(input()).toHaveAttribute('type', 'file');
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input()).toHaveAccessibleDescription(UPLOAD_HINT);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('rejects a GIF and a 6 MB image in the browser without a request', async () => {
    const xhr = stubXhr();
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);

    await user.upload(input(), imageFile('cat.gif', 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent(WRONG_TYPE_MESSAGE);
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(`${UPLOAD_HINT} ${WRONG_TYPE_MESSAGE}`);

    await user.upload(input(), imageFile('huge.png', 'image/png', 6 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_LARGE_MESSAGE);

    expect(xhr.requests).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('checks a dropped file the same way', () => {
    const xhr = stubXhr();
    render(<Harness />);
    const zone = input().closest('div.border-dashed')!;
    const dataTransfer = { files: [imageFile('anim.gif', 'image/gif')], types: ['Files'] };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(screen.getByText('Drop the image to upload it')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer });
    expect(screen.getByRole('alert')).toHaveTextContent(WRONG_TYPE_MESSAGE);
    expect(xhr.requests).toHaveLength(0);
  });

  it('uploads with a progress bar and a local preview, then shows the uploaded image', async () => {
    const xhr = stubXhr();
    const user = userEvent.setup();
    const onUploadingChange = vi.fn();
    render(<Harness onUploadingChange={onUploadingChange} previewAlt="Your photo" />);

    const file = imageFile('me.png', 'image/png', 4 * 1024 * 1024);
    await user.upload(input(), file);

    const request = xhr.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/upload');
    expect(request.withCredentials).toBe(false); // same origin: the cookie goes along anyway
    expect(request.file?.name).toBe('me.png');
    expect(onUploadingChange).toHaveBeenLastCalledWith(true);

    const bar = screen.getByRole('progressbar', { name: 'Uploading me.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    // The local preview is decorative while the upload runs.
    expect(document.querySelector('img')).toHaveAttribute('src', 'blob:local-preview');

    act(() => request.progress(1, 4));
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    act(() => request.progress(3, 4));
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuetext', '75%');

    await act(async () => request.respond(200, { display_url: UPLOADED }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', UPLOADED);
    expect(screen.getByTestId('value')).toHaveTextContent(UPLOADED);
    expect(screen.getByRole('status')).toHaveTextContent('Image uploaded.');
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:local-preview'));
  });

  it("shows the server's message when it refuses the image (415)", async () => {
    const xhr = stubXhr();
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(input(), imageFile('renamed.jpg', 'image/jpeg'));
    await act(async () =>
      xhr.last().respond(415, {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'That file is not a JPEG, PNG or WebP image.',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That file is not a JPEG, PNG or WebP image.',
    );
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('falls back to its own words when a proxy answers without the error shape', async () => {
    const xhr = stubXhr();
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(input(), imageFile());
    await act(async () => xhr.last().respond(413, '<html>Request Entity Too Large</html>'));
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_LARGE_MESSAGE);

    await user.upload(input(), imageFile());
    await act(async () => xhr.last().fail());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Cannot reach the shop. Check your connection and try again.',
    );
  });

  it('cancels a running upload', async () => {
    const xhr = stubXhr();
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(input(), imageFile());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(xhr.last().aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it('removes the image with a button and keeps the keyboard on the field', async () => {
    stubXhr();
    const user = userEvent.setup();
    render(<Harness initial={UPLOADED} />);
    expect(screen.getByRole('img', { name: 'Uploaded preview' })).toHaveAttribute('src', UPLOADED);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.queryByRole('img')).toBeNull();
    expect(input()).toHaveFocus();
  });

  it("ties the form's own message to the input", () => {
    stubXhr();
    render(<Harness error="Upload an image first" />);
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(`${UPLOAD_HINT} Upload an image first`);
  });
});
