/**
 * Skeleton rows (a picture and two lines each) while a list loads; screen readers hear `label`.
 * `className` styles the box, `picture` sizes the pictures.
 */
export function SkeletonList({
  label,
  rows,
  className,
  picture,
}: {
  label: string;
  rows: number;
  className: string;
  picture: string;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} aria-hidden="true" className="flex items-center gap-4">
          <div className={`skeleton-pulse ${picture} shrink-0`} />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton-pulse h-4 w-1/2" />
            <div className="skeleton-pulse h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
