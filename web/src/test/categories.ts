import type { Category } from '@partsmith/contract';

/** Some of the shop's categories as GET /api/categories answers them (migration 0015). */
export const CATEGORIES: Category[] = [
  {
    slug: 'memory',
    name: 'Memory',
    attributes: [
      { key: 'type', label: 'Type', type: 'enum', options: ['DDR4', 'DDR5'] },
      { key: 'capacity', label: 'Capacity', type: 'number', unit: 'GB', integer: true },
      { key: 'speed', label: 'Speed', type: 'number', unit: 'MT/s', integer: true },
      { key: 'casLatency', label: 'CAS latency', type: 'number', unit: 'CL', integer: true },
    ],
  },
  {
    slug: 'processors',
    name: 'Processors',
    attributes: [
      { key: 'socket', label: 'Socket', type: 'enum', options: ['AM4', 'AM5', 'LGA1700'] },
      { key: 'cores', label: 'Cores', type: 'number', integer: true },
      { key: 'boostClock', label: 'Boost clock', type: 'number', unit: 'GHz' },
    ],
  },
  {
    slug: 'power-supplies',
    name: 'Power supplies',
    attributes: [
      { key: 'wattage', label: 'Wattage', type: 'number', unit: 'W', integer: true },
      {
        key: 'efficiency',
        label: 'Efficiency rating',
        type: 'enum',
        options: ['80 PLUS Bronze', '80 PLUS Gold', '80 PLUS Platinum'],
      },
      { key: 'modular', label: 'Modular', type: 'boolean' },
    ],
  },
  {
    slug: 'workshop-tools',
    name: 'Workshop tools',
    attributes: [
      {
        key: 'kind',
        label: 'Kind',
        type: 'enum',
        options: ['Screwdrivers', 'ESD protection', 'Thermal compound'],
      },
      { key: 'esdSafe', label: 'ESD safe', type: 'boolean' },
    ],
  },
];
