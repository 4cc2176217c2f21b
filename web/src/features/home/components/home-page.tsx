import type { ReactNode } from 'react';
import { DependablyCreative } from './dependably-creative.tsx';
import { Hero } from './hero.tsx';
import { PartsSection } from './parts-section.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { ServicesSection } from './services-section.tsx';
import { StatsBanner } from './stats-banner.tsx';

/**
 * The home page's sections in order (docs/spec.md, Home page). The route in app/ composes it
 * with the contact feature's banner (features do not import each other).
 */
export function HomePage({ contact }: { contact: ReactNode }) {
  return (
    <>
      <Hero />
      <PartsSection />
      <StatsBanner />
      <DependablyCreative />
      <ReviewsSection />
      <ServicesSection />
      {contact}
    </>
  );
}
