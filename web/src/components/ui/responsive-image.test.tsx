import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { imageSources } from '@partsmith/contract/images';
import { ResponsiveImage } from './responsive-image.tsx';

const UPLOAD = '/uploads/0b6f3c1e-7d2a-4e9b-8c5d-2f1a0e9d8c7b';

describe('imageSources', () => {
  it('lists the WebP copies of known artwork, src the smallest copy at least as wide', () => {
    expect(imageSources('/images/parts/ram-ddr5.svg', 400)).toEqual({
      src: '/images/parts/ram-ddr5-480.webp',
      srcSet:
        '/images/parts/ram-ddr5-320.webp 320w, /images/parts/ram-ddr5-480.webp 480w, /images/parts/ram-ddr5-640.webp 640w',
    });
    // Wider than every copy: the largest.
    expect(imageSources('/images/avatars/3.svg', 400).src).toBe('/images/avatars/3-160.webp');
  });

  it('lists the copies the server writes beside an upload', () => {
    expect(imageSources(`${UPLOAD}.webp`, 300)).toEqual({
      src: `${UPLOAD}-320.webp`,
      srcSet: `${UPLOAD}-320.webp 320w, ${UPLOAD}-640.webp 640w, ${UPLOAD}-960.webp 960w`,
    });
  });

  it('leaves other URLs alone', () => {
    for (const url of [
      'https://lh3.googleusercontent.com/a/photo.jpg',
      'blob:http://localhost/1234',
      '/images/unknown-folder/x.svg',
      '/images/parts/../secret.svg',
      '/uploads/not-a-uuid.webp',
      `${UPLOAD}-640.webp`,
    ]) {
      expect(imageSources(url, 400), url).toEqual({ src: url });
    }
  });
});

describe('ResponsiveImage', () => {
  it('renders a sized, lazy picture with srcset and sizes', () => {
    render(
      <ResponsiveImage
        src="/images/gallery/2.svg"
        alt="A robot arm"
        width={800}
        height={600}
        sizes="50vw"
        className="w-full"
      />,
    );
    const image = screen.getByRole('img', { name: 'A robot arm' });
    expect(image).toHaveAttribute('src', '/images/gallery/2-480.webp');
    expect(image).toHaveAttribute(
      'srcset',
      '/images/gallery/2-240.webp 240w, /images/gallery/2-480.webp 480w',
    );
    expect(image).toHaveAttribute('sizes', '50vw');
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '600');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('fetchpriority');
    expect(image).toHaveClass('w-full');
  });

  it('loads the priority picture at once and first', () => {
    render(
      <ResponsiveImage
        src="/images/hero/slide-1.svg"
        alt="Memory"
        width={1200}
        height={675}
        sizes="100vw"
        priority
      />,
    );
    const image = screen.getByRole('img', { name: 'Memory' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows an external picture as it is, still sized and lazy', () => {
    render(
      <ResponsiveImage
        src="https://example.com/p.jpg"
        alt="Photo"
        width={96}
        height={96}
        sizes="96px"
      />,
    );
    const image = screen.getByRole('img', { name: 'Photo' });
    expect(image).toHaveAttribute('src', 'https://example.com/p.jpg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', '96');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('falls back to the original file when a copy fails to load (an older upload)', () => {
    render(
      <ResponsiveImage
        src={`${UPLOAD}.webp`}
        alt="Old upload"
        width={320}
        height={240}
        sizes="320px"
      />,
    );
    const image = screen.getByRole('img', { name: 'Old upload' });
    expect(image).toHaveAttribute('src', `${UPLOAD}-320.webp`);
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', `${UPLOAD}.webp`);
    expect(image).not.toHaveAttribute('srcset');
  });
});
