import { Fragment } from 'react';

/**
 * Lines as a label reads them (an address): a block each, the first in bold when `strongFirst`,
 * and a space between them, so that they read as words apart where no style shows the blocks.
 */
export function LabelLines({
  lines,
  strongFirst = true,
}: {
  lines: readonly string[];
  strongFirst?: boolean;
}) {
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 && ' '}
      <span
        className={`block break-words whitespace-pre-line ${index === 0 && strongFirst ? 'font-semibold text-slate-900' : ''}`}
      >
        {line}
      </span>
    </Fragment>
  ));
}
