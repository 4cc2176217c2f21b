import type { NewPartRow, NewReviewRow } from '../schema/index.ts';

type DemoPart = Omit<NewPartRow, 'id' | 'seq'>;

const img = (file: string) => `/images/parts/${file}`;

/**
 * The demo catalogue seeded into an empty embedded database: Partsmith's own product lines, each
 * with its part number (brand, line, the figures that tell it apart).
 */
export const DEMO_PARTS: DemoPart[] = [
  {
    name: 'Forge DDR5-6000 32 GB Kit (2 x 16 GB)',
    sku: 'FRG-D5-6000-32K',
    weightGrams: 120,
    description:
      'Dual-channel DDR5 at 6000 MT/s, CL30, 1.35 V, with an aluminium heat spreader. XMP 3.0 and EXPO profiles; tested at the factory on 12 boards.',
    image: img('ram-ddr5-32gb.svg'),
    category: 'memory',
    attributes: { type: 'DDR5', capacity: 32, speed: 6000, casLatency: 30 },
    priceCents: 10999,
    availableQuantity: 420,
    minOrderQuantity: 2,
  },
  {
    name: 'Anvil B650M WiFi Micro-ATX Motherboard',
    sku: 'ANV-B650M-WIFI',
    weightGrams: 950,
    description:
      'AM5 socket, 12+2 power stages, two DDR5 slots up to 96 GB, PCIe 4.0 x16, two M.2 slots, Wi-Fi 6E and 2.5 GbE. Fits compact workstation builds.',
    image: img('mb-b650m.svg'),
    category: 'motherboards',
    attributes: { socket: 'AM5', chipset: 'B650', formFactor: 'Micro-ATX', memoryType: 'DDR5' },
    priceCents: 15900,
    availableQuantity: 85,
    minOrderQuantity: 1,
  },
  {
    name: 'Forge DDR4-3600 16 GB Kit (2 x 8 GB)',
    sku: 'FRG-D4-3600-16K',
    weightGrams: 110,
    description:
      'DDR4 at 3600 MT/s, CL18, low-profile spreader that clears tower coolers. The dependable upgrade for AM4 and LGA1700 DDR4 boards.',
    image: img('ram-ddr4-16gb.svg'),
    category: 'memory',
    attributes: { type: 'DDR4', capacity: 16, speed: 3600, casLatency: 18 },
    priceCents: 4299,
    availableQuantity: 960,
    minOrderQuantity: 4,
    priceBreaks: [
      { minQuantity: 20, priceCents: 3999 },
      { minQuantity: 100, priceCents: 3699 },
    ],
  },
  {
    name: 'Anvil Z790 Pro ATX Motherboard',
    sku: 'ANV-Z790-PRO',
    weightGrams: 1400,
    description:
      'LGA1700, 20+1+1 power stages, four DDR5 slots up to 192 GB, PCIe 5.0 x16, four M.2 slots with heatsinks, Thunderbolt 4 header and dual LAN.',
    image: img('mb-z790.svg'),
    category: 'motherboards',
    attributes: { socket: 'LGA1700', chipset: 'Z790', formFactor: 'ATX', memoryType: 'DDR5' },
    priceCents: 28900,
    availableQuantity: 40,
    minOrderQuantity: 1,
  },
  {
    name: 'Ember 8-Core 5.0 GHz Desktop Processor (AM5)',
    sku: 'EMB-8C-50-AM5',
    weightGrams: 90,
    description:
      '8 cores and 16 threads, 96 MB L3 cache, 120 W. Boxed, with three years of warranty from Partsmith. Cooler not included.',
    image: img('cpu-8core.svg'),
    category: 'processors',
    attributes: { socket: 'AM5', cores: 8, boostClock: 5, tdp: 120 },
    priceCents: 34900,
    availableQuantity: 60,
    minOrderQuantity: 1,
  },
  {
    name: 'Ember 6-Core 4.7 GHz Desktop Processor (AM5)',
    sku: 'EMB-6C-47-AM5',
    weightGrams: 90,
    description:
      '6 cores and 12 threads, 32 MB L3 cache, 65 W, with a quiet boxed cooler. The sensible centre of an office or gaming build.',
    image: img('cpu-6core.svg'),
    category: 'processors',
    attributes: { socket: 'AM5', cores: 6, boostClock: 4.7, tdp: 65 },
    priceCents: 17900,
    availableQuantity: 140,
    minOrderQuantity: 1,
  },
  {
    name: 'Tempest 16 GB Graphics Card, Triple Fan',
    sku: 'TMP-16G-3F',
    weightGrams: 1650,
    description:
      '16 GB GDDR6, PCIe 4.0 x16, three 90 mm fans that stop below 55 °C, metal backplate, 2.5 slots. Three DisplayPort 1.4a and one HDMI 2.1.',
    image: img('gpu-16gb.svg'),
    category: 'graphics-cards',
    attributes: { memory: 16, memoryType: 'GDDR6', fans: 3, length: 305 },
    priceCents: 54900,
    availableQuantity: 25,
    minOrderQuantity: 1,
  },
  {
    name: 'Tempest 8 GB Graphics Card, Dual Fan',
    sku: 'TMP-8G-2F',
    weightGrams: 900,
    description:
      '8 GB GDDR6, PCIe 4.0 x8, two-slot cooler with two 95 mm fans, one 8-pin power connector. 1080p gaming and multi-screen office work.',
    image: img('gpu-8gb.svg'),
    category: 'graphics-cards',
    attributes: { memory: 8, memoryType: 'GDDR6', fans: 2, length: 242 },
    priceCents: 27900,
    availableQuantity: 70,
    minOrderQuantity: 1,
  },
  {
    name: 'Bastion 850 W 80 PLUS Gold Modular Power Supply',
    sku: 'BST-850G-MOD',
    weightGrams: 2100,
    description:
      'Fully modular, ATX 3.1 with a native 12V-2x6 cable, 135 mm fluid-bearing fan with zero-RPM mode, Japanese capacitors, ten years of warranty.',
    image: img('psu-850w.svg'),
    category: 'power-supplies',
    attributes: { wattage: 850, efficiency: '80 PLUS Gold', modular: true },
    priceCents: 12900,
    availableQuantity: 110,
    minOrderQuantity: 1,
  },
  {
    name: 'Bastion 650 W 80 PLUS Bronze Power Supply',
    sku: 'BST-650B-SM',
    weightGrams: 1700,
    description:
      'Semi-modular 650 W unit with OVP, UVP, OCP, OPP, SCP and OTP protection and a 120 mm quiet fan. Five years of warranty.',
    image: img('psu-650w.svg'),
    category: 'power-supplies',
    attributes: { wattage: 650, efficiency: '80 PLUS Bronze', modular: false },
    priceCents: 6499,
    availableQuantity: 230,
    minOrderQuantity: 2,
  },
  {
    name: 'Torrent NVMe Gen4 2 TB SSD (M.2 2280)',
    sku: 'TRN-G4-2TB-M2',
    weightGrams: 40,
    description:
      'Up to 7,000 MB/s read and 6,500 MB/s write, DRAM cache, 1,200 TBW endurance, graphene heat label. Five years of warranty.',
    image: img('ssd-nvme-2tb.svg'),
    category: 'storage',
    attributes: { interface: 'NVMe PCIe 4.0', capacity: 2000, formFactor: 'M.2 2280' },
    priceCents: 13900,
    availableQuantity: 300,
    minOrderQuantity: 1,
  },
  {
    name: 'Precision Driver Kit, 64 Bits',
    sku: 'TLS-DRV-64',
    weightGrams: 450,
    description:
      'S2 steel bits (Phillips, Torx, Pentalobe, Tri-wing, hex and more) in a magnetic case, an aluminium handle with a swivel cap and an extension shaft.',
    image: img('tool-driver-kit.svg'),
    category: 'workshop-tools',
    attributes: { kind: 'Screwdrivers', esdSafe: false },
    priceCents: 3499,
    availableQuantity: 800,
    minOrderQuantity: 5,
    priceBreaks: [
      { minQuantity: 25, priceCents: 3199 },
      { minQuantity: 100, priceCents: 2899 },
    ],
  },
  {
    name: 'Anti-Static ESD Mat with Wrist Strap',
    sku: 'TLS-ESD-MAT',
    weightGrams: 600,
    description:
      'A 60 x 50 cm two-layer rubber mat with 10 MΩ grounding, a coiled wrist strap and a grounding cord. Protects boards and memory on any bench.',
    image: img('tool-esd-mat.svg'),
    category: 'workshop-tools',
    attributes: { kind: 'ESD protection', esdSafe: true },
    priceCents: 2999,
    availableQuantity: 500,
    minOrderQuantity: 5,
  },
  {
    name: 'Thermal Compound 4 g, 12.5 W/mK',
    sku: 'TLS-TIM-4G',
    weightGrams: 20,
    description:
      'Non-conductive, non-curing carbon-based paste in a syringe with a spreader. Enough for about ten CPU installations.',
    image: img('tool-thermal-paste.svg'),
    category: 'workshop-tools',
    attributes: { kind: 'Thermal compound', esdSafe: false },
    priceCents: 899,
    availableQuantity: 2000,
    minOrderQuantity: 10,
  },
];

type DemoReview = Omit<NewReviewRow, 'id'>;

export const DEMO_REVIEWS: DemoReview[] = [
  {
    name: 'Maria Gonzalez',
    image: '/images/avatars/1.svg',
    type: 'We equip our school lab with Forge memory and Anvil boards. Every kit arrived tested and labelled.',
    rating: 5,
  },
  {
    name: 'James Carter',
    image: '/images/avatars/2.svg',
    type: 'Ordered 40 power supplies for an office refresh. Shipped the next day, not a single dead unit.',
    rating: 5,
  },
  {
    name: 'Aisha Rahman',
    image: '/images/avatars/3.svg',
    type: 'The driver kit is the best I have used on a repair bench. The magnetic case is a small joy.',
    rating: 4,
  },
  {
    name: 'Daniel Kim',
    image: '/images/avatars/4.svg',
    type: 'The Z790 board is solid, the BIOS could be friendlier. Support answered my question within an hour.',
    rating: 4,
  },
  {
    name: 'Priya Patel',
    image: '/images/avatars/5.svg',
    type: 'Clear prices, honest stock numbers, and the graphics cards run cool and quiet in our render nodes.',
    rating: 5,
  },
  {
    name: 'Tom Becker',
    image: '/images/avatars/6.svg',
    type: 'My first delivery took longer than promised; the team kept me informed the whole way.',
    rating: 3,
  },
];
