import { COMPARE_PARTS_MAX } from '@partsmith/contract/constants';
import { useState } from 'react';
import { addToCompare, removeFromCompare, useCompareList } from '../api/compare-list.ts';

/** What a shopper reads when they try to add a part to a full comparison. */
export const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_PARTS_MAX} parts at a time. Remove one from the comparison first.`;

/**
 * "Add to compare" / "Remove from compare" for one part (its card, its page): a toggle of the
 * shared list (api/compare-list.ts), pressed while the part is in it. A part beyond the fourth
 * is not added: the button says why instead. Above a card's covering link (`relative`).
 */
export function CompareToggle({ partId, partName }: { partId: string; partName: string }) {
  const ids = useCompareList();
  const chosen = ids.includes(partId);
  // The list the refusal was about: once it changes (a part removed anywhere), the message goes.
  const [refusedAt, setRefusedAt] = useState<readonly string[] | null>(null);
  const refused = refusedAt === ids && !chosen;

  const toggle = () => {
    if (chosen) {
      removeFromCompare(partId);
      return;
    }
    if (addToCompare(partId) === 'full') setRefusedAt(ids);
  };

  return (
    <div className="relative z-10 flex flex-col gap-1">
      <button
        type="button"
        aria-pressed={chosen}
        onClick={toggle}
        className={`btn btn-sm ${chosen ? 'btn-primary' : 'btn-outline'}`}
      >
        {chosen ? 'Remove from compare' : 'Add to compare'}
        <span className="sr-only">: {partName}</span>
      </button>
      {refused && (
        <p role="alert" className="text-sm text-amber-900">
          {COMPARE_FULL_MESSAGE}
        </p>
      )}
    </div>
  );
}
