export const EXTERNAL: string[];
export const EXTERNAL_WITHOUT_DEPENDENCY: string[];
export function isExternal(specifier: string): boolean;
