export function installSize(dir: string): number;
export function installedPackages(nodeModules: string): string[];
export function productionInstall(
  target: string,
  options?: { npmArgs?: string[]; echo?: boolean },
): { ms: number; nodeModules: number; packages: string[]; total: number };
