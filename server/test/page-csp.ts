/** The sources of a content security policy's script-src directive. */
export const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1) ?? [];
