import { Icon } from '../../../components/ui/icon.tsx';

/** The large line icon of the statistics and of the services' tiles. */
export function TileIcon({ d }: { d: string }) {
  return (
    <Icon className="h-7 w-7" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </Icon>
  );
}
