// Imported first by app/start.tsx, before zod can load: zod probes `new Function('')` to decide
// whether to compile its object parsers, and the shop's Content-Security-Policy (no
// 'unsafe-eval') reports that probe as a violation (Lighthouse's best-practices
// `inspector-issues`). The policy forbids eval anyway, so the compiled parsers could never run;
// `jitless` skips the probe. zod reads this global as its config (`z.config` writes the same
// object), so it holds for the chunks that load zod later.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
