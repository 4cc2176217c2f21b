// Figures, their verdicts, the printed table, and the markdown report with its SVG chart.
import fs from 'node:fs';
import path from 'node:path';
import { median } from './stats.mjs';

/**
 * A figure: `higher` says whether more is better; `floor` defaults to the goal (the issue gives
 * one number for most figures). `value` null means it could not be measured (a MISS below floor).
 * `waived` (the reason, a decision record) marks a miss accepted on purpose: shown as WAIVED, not
 * counted as a miss or as below its floor. `sides` (a ratio's, see ratioFigure) are printed
 * beside the value and play no part in the verdict.
 */
export function figure({
  name,
  value,
  unit = '',
  goal,
  floor = goal,
  higher = true,
  note = '',
  waived = '',
  sides = [],
}) {
  const meets = (limit) =>
    value !== null && Number.isFinite(value) && (higher ? value >= limit : value <= limit);
  const pass = meets(goal);
  const waive = !pass && value !== null && waived ? waived : '';
  return {
    name,
    value,
    unit,
    goal,
    floor,
    higher,
    note: waive ? [note, `waived: ${waive}`].filter(Boolean).join('; ') : note,
    pass,
    floorOk: meets(floor) || Boolean(waive),
    waived: waive,
    sides,
  };
}

/**
 * A figure that is the shop against a reference measured in the same run, side by side (docs/
 * decisions/055): `rounds` are the interleaved rounds' { shop, reference } values (a rate or a
 * time, in `sideUnit`), and the figure's value is the median of the per-round ratios shop /
 * reference, not the ratio of the medians (a slow phase of the machine hits both sides of a
 * round alike). Each side is printed with its median over the rounds; the verdict reads the
 * ratio alone. A round with a side that is not a positive number spoils the figure (n/a, MISS).
 */
export function ratioFigure({
  name,
  rounds,
  reference,
  shop = 'shop',
  sideUnit = '',
  goal,
  floor = goal,
  higher = true,
  note = '',
  waived = '',
}) {
  const positive = (v) => Number.isFinite(v) && v > 0;
  const whole = rounds.length > 0 && rounds.every((r) => positive(r.shop) && positive(r.reference));
  const ratios = whole ? rounds.map((r) => r.shop / r.reference) : [];
  const made = figure({
    name,
    value: whole ? median(ratios) : null,
    unit: 'x',
    goal,
    floor,
    higher,
    note: [
      whole
        ? `median of ${rounds.length} interleaved round${rounds.length === 1 ? '' : 's'}' ratios (${ratios.map((r) => r.toFixed(2)).join(', ')})`
        : `not measured: a round had no value on one side`,
      note,
    ]
      .filter(Boolean)
      .join('; '),
    waived,
    sides: [
      { label: shop, value: median(rounds.map((r) => r.shop)), unit: sideUnit },
      { label: reference, value: median(rounds.map((r) => r.reference)), unit: sideUnit },
    ],
  });
  return { ...made, rounds };
}

/** A ratio's two sides, "shop 12.3 ms / bare pg 10.1 ms"; empty for another figure. */
export const sidesText = (f) =>
  (f.sides ?? []).map((s) => `${s.label} ${fmt(s.value, s.unit)}`).join(' / ');

/** PASS, WAIVED, MISS (floor met) or MISS. */
export const verdict = (f) =>
  f.pass ? 'PASS' : f.waived ? 'WAIVED' : f.floorOk ? 'MISS (floor met)' : 'MISS';

const digitsFor = (v) =>
  Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : Math.abs(v) >= 1 ? 2 : 3;
const fmt = (v, unit, digits = digitsFor(v)) => {
  if (v === null || !Number.isFinite(v)) return 'n/a';
  return `${v.toFixed(digits)}${unit}`;
};
const limit = (f, v) => `${f.higher ? '>=' : '<='} ${fmt(v, f.unit)}`;

/**
 * The figure's value, with as many more decimals (up to three) as it takes not to print the same
 * as its goal or floor when it is not: 129.89 kB against 130 kB prints 129.9, not 130.
 */
export function valueText(f) {
  const { value, unit } = f;
  if (value === null || !Number.isFinite(value)) return 'n/a';
  let digits = digitsFor(value);
  const limits = [f.goal, f.floor].filter((l) => Number.isFinite(l) && l !== value);
  while (
    digits < digitsFor(value) + 3 &&
    limits.some((l) => fmt(l, '', digits) === fmt(value, '', digits))
  )
    digits += 1;
  return fmt(value, unit, digits);
}

export function rows(figures) {
  return figures.map((f) => [
    f.name,
    valueText(f),
    limit(f, f.goal),
    limit(f, f.floor),
    verdict(f),
    f.note,
    sidesText(f),
  ]);
}

/**
 * The report's columns: a ratio's two sides come last, so that the first six stay where readers
 * of the report look for them (proof/soak.test.ts reads its row by position).
 */
const COLUMNS = [
  'figure',
  'value',
  'goal',
  'floor',
  'result',
  'note',
  'shop / reference (medians)',
];

export function printTable(figures) {
  const table = [COLUMNS, ...rows(figures)];
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  return table
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * The machine's own jitter over the run: each sample is a fixed CPU loop timed at one point of
 * the run (cpuLoopTimes: { at, median, p99 }, ms). Says how far its median moved between points
 * (the slowest against the fastest) and how long its tail was (p99 against the median), the
 * widest of each; null without samples.
 */
export function jitterSpread(samples) {
  const ok = samples.filter((s) => Number.isFinite(s.median) && s.median > 0);
  if (ok.length === 0) return null;
  const medians = ok.map((s) => s.median);
  const fastest = Math.min(...medians);
  const slowest = Math.max(...medians);
  return {
    points: ok.length,
    fastest,
    slowest,
    drift: slowest / fastest,
    tail: Math.max(...ok.map((s) => s.p99 / s.median)),
  };
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** One line on the run's jitter, for the report and the terminal. */
export function jitterText(samples) {
  const j = jitterSpread(samples);
  if (!j) return 'the fixed CPU loop was not timed in this run';
  return (
    `a fixed CPU loop (cpuLoopTimes) timed at ${j.points} point${j.points === 1 ? '' : 's'} of the run: ` +
    `median ${j.fastest.toFixed(2)}-${j.slowest.toFixed(2)} ms (the slowest point ${j.drift.toFixed(2)}x the fastest), ` +
    `p99 up to ${j.tail.toFixed(2)}x its median`
  );
}

/** Value against goal, as a ratio where 1 is the goal and more is better; capped at 2. */
function score(f) {
  if (f.value === null || !Number.isFinite(f.value)) return 0;
  if (f.higher) return f.goal === 0 ? 2 : Math.min(2, f.value / f.goal);
  if (f.value <= 0) return 2;
  return Math.min(2, f.goal / f.value);
}

const escapeXml = (s) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

export function svgChart(figures) {
  const rowH = 22;
  const labelW = 330;
  const barW = 400;
  const height = figures.length * rowH + 40;
  const x1 = labelW + barW / 2;
  const bars = figures.map((f, i) => {
    const y = 20 + i * rowH;
    const w = Math.max(1, (score(f) / 2) * barW);
    const colour = f.pass ? '#2e7d32' : f.waived ? '#757575' : f.floorOk ? '#ef6c00' : '#c62828';
    return (
      `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end">${escapeXml(f.name)}</text>` +
      `<rect x="${labelW}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowH - 6}" fill="${colour}"/>` +
      `<text x="${labelW + w + 4}" y="${y + 15}">${score(f).toFixed(2)}</text>`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${labelW + barW + 60}" height="${height}" font-family="sans-serif" font-size="12">
<title>Each figure against its goal (1 = goal met; longer is better; capped at 2)</title>
<rect width="100%" height="100%" fill="#fff"/>
<text x="${labelW}" y="14">value / goal (lower-is-better figures: goal / value)</text>
${bars.join('\n')}
<line x1="${x1}" y1="18" x2="${x1}" y2="${height - 18}" stroke="#000" stroke-dasharray="4 3"/>
<text x="${x1 - 4}" y="${height - 4}">1.0</text>
</svg>
`;
}

/**
 * Writes `<stem>.md` and `<stem>.svg` into `dir`, and with `latest` (a full run) the same report
 * as `latest.md`. Returns the markdown file's path.
 */
export function writeReport({ dir, stem, figures, machine, notes, jitter = [], latest = true }) {
  fs.mkdirSync(dir, { recursive: true });
  const svgName = `${stem}.svg`;
  fs.writeFileSync(path.join(dir, svgName), svgChart(figures));
  const header = `| ${COLUMNS.join(' | ')} |\n|${COLUMNS.map(() => '---|').join('')}`;
  // A list, not a table: readers of the report take its table rows for figures.
  const jitterLines = jitter
    .map(
      (s) =>
        `- ${s.at}: median ${s.median.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms (${(s.p99 / s.median).toFixed(2)}x)`,
    )
    .join('\n');
  const body = rows(figures)
    .map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`)
    .join('\n');
  const passed = figures.filter((f) => f.pass).length;
  const waivedCount = figures.filter((f) => f.waived).length;
  const markdown = `# Benchmark ${stem}

${passed} of ${figures.length} figures meet their goal${waivedCount ? `, ${waivedCount} waived on purpose (see its note)` : ''}; ${figures.filter((f) => !f.floorOk).length} are below their floor.

${header}
${body}

![Each figure against its goal](${svgName})

## Machine and method

${machine.map((line) => `- ${line}`).join('\n')}

## The machine's jitter

${capitalised(jitterText(jitter))}. Ratios are read against it: both sides of a round share
the machine's state, absolute values do not. Each point is timed on the servers' core (a process
pinned there) and on the load core (the bench's own process).
${jitter.length ? `\n${jitterLines}\n` : ''}
## Notes

${notes.map((line) => `- ${line}`).join('\n')}
`;
  fs.writeFileSync(path.join(dir, `${stem}.md`), markdown);
  if (latest)
    fs.writeFileSync(
      path.join(dir, 'latest.md'),
      markdown.replace(/^# Benchmark /, '# Latest benchmark: '),
    );
  return path.join(dir, `${stem}.md`);
}
