import type { SVGProps } from 'react';

/** The cross of every close and remove button. */
export const CROSS = 'M6 6l12 12M18 6L6 18';

/**
 * A line icon on the 24-unit grid in the text's colour, hidden from screen readers (the button
 * or link around it carries the name). The props (size, stroke width, caps, the paths as
 * children) override the defaults.
 */
export function Icon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      {...props}
    />
  );
}
