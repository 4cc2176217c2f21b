import type { MetaDescriptor } from 'react-router';

export const SHOP_TITLE = 'Partsmith | PC parts and tools from the manufacturer';
export const NOT_FOUND_TITLE = 'Page not found | Partsmith';
export const SHOP_DESCRIPTION =
  'Partsmith makes and sells PC parts and tools: RAM, motherboards, CPUs, graphics cards, power supplies and workshop tools, shipped from stock.';

/**
 * A page's head as its HTML carries it: its title and the shop's description (a route's `meta`
 * replaces the root's whole, React Router's rule). The page sets the same title itself.
 */
export const pageMeta = (title: string): MetaDescriptor[] => [
  { title },
  { name: 'description', content: SHOP_DESCRIPTION },
];
