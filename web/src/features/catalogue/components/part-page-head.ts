import type { CataloguePart } from '@partsmith/contract';
import type { MetaDescriptor } from 'react-router';

/** The title of a part's page, as the page sets it and the server's HTML carries it. */
export const partPageTitle = (name: string | undefined) =>
  name ? `${name} | Partsmith` : 'Part | Partsmith';

/** Whether the part's minimum order can be served from stock (its page, its card, its offer). */
export const canBuy = (part: CataloguePart) =>
  part.availableQuantity > 0 && part.availableQuantity >= part.minOrderQuantity;

/** The part's picture as an absolute URL (an uploaded or built-in one is a path). */
const pictureUrl = (part: CataloguePart, origin: string) =>
  part.image.startsWith('/') ? `${origin}${part.image}` : part.image;

/** A description for search results: the part's own, cut at a word near 160 characters. */
export function metaDescription(part: CataloguePart): string {
  const text = `${part.name}: ${part.description}`.replace(/\s+/g, ' ').trim();
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}…`;
}

/** The part's schema.org Product, as search engines read it (https://schema.org/Product). */
export function productJsonLd(part: CataloguePart, origin: string) {
  const url = `${origin}/parts/${part._id}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    image: [pictureUrl(part, origin)],
    description: part.description,
    sku: part.sku,
    brand: { '@type': 'Brand', name: 'Partsmith' },
    url,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'USD',
      price: part.price.toFixed(2),
      availability: canBuy(part) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: 'Partsmith' },
    },
  };
}

/**
 * The head of a part's page (React Router's `meta`): its title, description, canonical URL, Open
 * Graph tags and its Product as JSON-LD (a data block, which the shop's CSP does not run).
 */
export function partPageMeta(part: CataloguePart, origin: string): MetaDescriptor[] {
  const url = `${origin}/parts/${part._id}`;
  const description = metaDescription(part);
  const property = (name: string, content: string) => ({ property: name, content });
  return [
    { title: partPageTitle(part.name) },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    property('og:type', 'product'),
    property('og:site_name', 'Partsmith'),
    property('og:title', part.name),
    property('og:description', description),
    property('og:url', url),
    property('og:image', pictureUrl(part, origin)),
    property('product:price:amount', part.price.toFixed(2)),
    property('product:price:currency', 'USD'),
    { 'script:ld+json': productJsonLd(part, origin) },
  ];
}
