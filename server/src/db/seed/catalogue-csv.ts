import { ATTRIBUTE_COLUMN_PREFIX, CATALOGUE_CSV_COLUMNS } from '@partsmith/contract';

/**
 * A generated catalogue file for the CSV import (`POST /api/parts/import`): `count` lines of
 * memory kits, power supplies and drives in turn, each with its category's attributes, quoted
 * fields among them. The import's test and the bench's 10,000-line figure read the same file.
 */

/**
 * The columns of a file written before volume prices and part numbers were in it (the
 * contract's, in order): its parts get numbers made by the shop, so the file can be imported
 * again and again.
 */
export const CSV_BASE_HEADER = CATALOGUE_CSV_COLUMNS.slice(
  0,
  CATALOGUE_CSV_COLUMNS.indexOf('priceBreaks'),
).join(',');

const ATTRIBUTES = [
  'type',
  'capacity',
  'speed',
  'casLatency',
  'wattage',
  'efficiency',
  'modular',
  'interface',
  'formFactor',
];

const IMAGE = '/images/parts/ram-ddr5-32gb.svg';

/** The generated file: its header and `count` lines, CRLF-ended. */
export function generatedCatalogueCsv(count: number): string {
  const header = [CSV_BASE_HEADER, ...ATTRIBUTES.map((key) => ATTRIBUTE_COLUMN_PREFIX + key)].join(
    ',',
  );
  const lines = Array.from({ length: count }, (_, i) => {
    const price = (10 + (i % 500) + 0.99).toFixed(2);
    const part = (name: string, description: string, category: string, attrs: object) =>
      [
        name,
        description,
        IMAGE,
        price,
        i % 50,
        1,
        i % 7 === 0 ? 5 : '',
        category,
        ...ATTRIBUTES.map((key) => attrs[key as keyof typeof attrs] ?? ''),
      ].join(',');
    if (i % 3 === 0)
      return part(`Forge DDR5 kit ${i}`, '"Fast, tested memory."', 'memory', {
        type: 'DDR5',
        capacity: 32,
        speed: 6000,
        casLatency: 30,
      });
    if (i % 3 === 1)
      return part(`Bastion PSU ${i}`, 'Quiet supply.', 'power-supplies', {
        wattage: 850,
        efficiency: '80 PLUS Gold',
        modular: true,
      });
    return part(`Anvil SSD ${i}`, '"A ""fast"" drive"', 'storage', {
      interface: 'NVMe PCIe 4.0',
      capacity: 2000,
      formFactor: 'M.2 2280',
    });
  });
  return [header, ...lines].join('\r\n') + '\r\n';
}
