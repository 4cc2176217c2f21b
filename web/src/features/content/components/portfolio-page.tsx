import { useEffect } from 'react';
import { href, Link } from 'react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';

/** /myPortfolio: skill bars out of 100, two project cards, social links. */
const SKILLS = [
  { name: 'HTML', value: 95 },
  { name: 'CSS', value: 80 },
  { name: 'JavaScript', value: 65 },
  { name: 'React', value: 70 },
  { name: 'Node', value: 50 },
  { name: 'Express', value: 50 },
  { name: 'MongoDB', value: 49 },
] as const;

interface Project {
  id: string;
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  tags: string[];
  demo: string;
  /** Pages of this app go through the router; server pages (the API docs) are plain links. */
  internal: boolean;
}

const PROJECTS: Project[] = [
  {
    id: 'storefront',
    title: 'Partsmith Storefront',
    description:
      'The shop you are on: a catalogue of parts in stock, ordering with quantity limits, card payment, reviews and a dashboard for customers and administrators.',
    image: '/images/portfolio/project-1.svg',
    imageAlt: 'Mock-up of the Partsmith storefront home page with a hero banner and part cards',
    tags: ['React', 'TypeScript', 'TanStack Query', 'Tailwind CSS'],
    demo: href('/'),
    internal: true,
  },
  {
    id: 'parts-api',
    title: 'Partsmith Parts API',
    description:
      'The JSON API behind the shop: parts, orders, payments, reviews and users, validated by one set of schemas that also writes its OpenAPI documentation.',
    image: '/images/portfolio/project-2.svg',
    imageAlt: 'Mock-up of the Partsmith API documentation page listing endpoints',
    tags: ['Node', 'Fastify', 'PostgreSQL', 'OpenAPI'],
    demo: '/api/docs',
    internal: false,
  },
];

const SOCIAL_LINKS = [
  {
    label: 'GitHub',
    href: 'https://github.com/partsmith',
    icon: 'M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.64 0 0 .84-.27 2.75 1.02a9.58 9.58 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.37.2 2.39.1 2.64.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.75c0 .27.18.58.69.48A10 10 0 0 0 12 2z',
  },
  {
    label: 'LinkedIn',
    href: 'https://www.linkedin.com/company/partsmith',
    icon: 'M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z',
  },
  {
    label: 'X',
    href: 'https://x.com/partsmith',
    icon: 'M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z',
  },
];

export function PortfolioPage() {
  useEffect(() => {
    document.title = 'My Portfolio | Partsmith';
  }, []);

  return (
    <div>
      <header className="bg-slate-900 text-slate-100">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-orange-300">
            Portfolio
          </p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            The Partsmith web team
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            We are the people who build and run the Partsmith shop, from the pages you click to the
            API that keeps stock, orders and payments straight. Here is what we work with and what
            we have shipped.
          </p>
        </div>
      </header>

      <section aria-labelledby="skills-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="skills-heading" className="text-2xl font-bold sm:text-3xl">
          Skills
        </h2>
        <p className="mt-2 text-base-content">How confident we are in each tool, out of 100.</p>
        <ul className="mt-8 grid gap-x-12 gap-y-6 md:grid-cols-2">
          {SKILLS.map((skill) => {
            const labelId = `skill-${skill.name.toLowerCase()}`;
            return (
              <li key={skill.name}>
                <div className="mb-2 flex items-baseline justify-between font-semibold">
                  <span id={labelId}>{skill.name}</span>
                  <span>
                    {skill.value}
                    <span className="text-sm font-normal text-slate-600"> / 100</span>
                  </span>
                </div>
                <progress
                  className="progress progress-primary h-3 w-full"
                  value={skill.value}
                  max={100}
                  aria-labelledby={labelId}
                />
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="projects-heading" className="bg-base-200">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="projects-heading" className="text-2xl font-bold sm:text-3xl">
            Projects
          </h2>
          <ul className="mt-8 grid gap-8 md:grid-cols-2">
            {PROJECTS.map((project) => (
              <li key={project.id}>
                <article className="card h-full overflow-hidden bg-base-100 shadow-md">
                  <figure>
                    <ResponsiveImage
                      src={project.image}
                      alt={project.imageAlt}
                      width={800}
                      height={500}
                      sizes="(min-width: 1280px) 600px, (min-width: 768px) 46vw, 92vw"
                      className="aspect-[8/5] w-full object-cover"
                    />
                  </figure>
                  <div className="card-body">
                    <h3 className="card-title text-xl">{project.title}</h3>
                    <p>{project.description}</p>
                    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Built with">
                      {project.tags.map((tag) => (
                        <li
                          key={tag}
                          className="rounded-full bg-slate-800 px-3 py-1 text-xs font-semibold text-white"
                        >
                          {tag}
                        </li>
                      ))}
                    </ul>
                    <div className="card-actions mt-4">
                      {project.internal ? (
                        <Link to={project.demo} className="btn btn-primary">
                          Live demo<span className="sr-only">: {project.title}</span>
                        </Link>
                      ) : (
                        <a href={project.demo} className="btn btn-primary">
                          Live demo<span className="sr-only">: {project.title}</span>
                        </a>
                      )}
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="social-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="social-heading" className="text-2xl font-bold sm:text-3xl">
          Find us online
        </h2>
        <ul className="mt-6 flex flex-wrap gap-3">
          {SOCIAL_LINKS.map((social) => (
            <li key={social.label}>
              <a
                href={social.href}
                target="_blank"
                rel="noopener noreferrer"
                className="btn btn-outline gap-2"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                  <path d={social.icon} />
                </svg>
                {social.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
