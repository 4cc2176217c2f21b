import { useId } from 'react';

/**
 * Ids for a form's elements, unique on the page (the form may show more than once):
 * `useFieldIds('name', 'email').name` is useId's id followed by '-name'.
 */
export function useFieldIds<const Name extends string>(...names: Name[]): Record<Name, string> {
  const id = useId();
  return Object.fromEntries(names.map((name) => [name, `${id}-${name}`])) as Record<Name, string>;
}
