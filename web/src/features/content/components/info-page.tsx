import { useEffect } from 'react';
import { href, Link, NavLink, useParams } from 'react-router';
import {
  COMPANY,
  getInfoTopic,
  INFO_TOPIC_KEYS,
  INFO_TOPICS,
  type InfoParagraph,
} from './info-topics.ts';
import { NotFoundPage } from './not-found-page.tsx';

function Paragraph({ paragraph }: { paragraph: InfoParagraph }) {
  if (typeof paragraph === 'string') return <p>{paragraph}</p>;
  return (
    <p>
      {paragraph.map((piece, index) => {
        if (typeof piece === 'string') return piece;
        const className = 'link font-medium text-primary';
        return piece.to.startsWith('/') ? (
          <Link key={index} to={piece.to} className={className}>
            {piece.text}
          </Link>
        ) : (
          <a key={index} href={piece.to} className={className}>
            {piece.text}
          </a>
        );
      })}
    </p>
  );
}

/** /info/:topic: delivery, payment, legal notice, about us, privacy policy and jobs. */
export function InfoPage() {
  const { topic: key } = useParams();
  const topic = getInfoTopic(key);

  useEffect(() => {
    if (topic) document.title = `${topic.title} | Partsmith`;
  }, [topic]);

  if (!topic) return <NotFoundPage />;

  return (
    <div>
      <header className="bg-slate-900 text-slate-100">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-widest text-orange-300">
            Information
          </p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">{topic.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-200">{topic.summary}</p>
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_16rem]">
        <div className="max-w-3xl space-y-10">
          {topic.sections.map((section, index) => {
            const headingId = `info-section-${index}`;
            return (
              <section key={section.heading} aria-labelledby={headingId}>
                <h2 id={headingId} className="text-2xl font-bold">
                  {section.heading}
                </h2>
                <div className="mt-3 space-y-4 leading-7">
                  {section.paragraphs.map((paragraph, i) => (
                    <Paragraph key={i} paragraph={paragraph} />
                  ))}
                </div>
              </section>
            );
          })}
        </div>

        <aside className="space-y-6">
          <nav aria-labelledby="info-nav-heading" className="rounded-box bg-base-200 p-5">
            <h2 id="info-nav-heading" className="text-lg font-bold">
              More information
            </h2>
            <ul className="mt-3 space-y-1">
              {INFO_TOPIC_KEYS.map((k) => (
                <li key={k}>
                  <NavLink
                    to={href('/info/:topic', { topic: k })}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 hover:bg-base-300 ${
                        isActive ? 'bg-base-100 font-semibold text-primary' : ''
                      }`
                    }
                  >
                    {INFO_TOPICS[k].title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <section
            aria-labelledby="info-contact-heading"
            className="rounded-box border border-base-300 p-5"
          >
            <h2 id="info-contact-heading" className="text-lg font-bold">
              Questions?
            </h2>
            <address className="mt-2 not-italic leading-7">
              {COMPANY.name}
              <br />
              {COMPANY.street}
              <br />
              {COMPANY.city}
              <br />
              <a href={COMPANY.phoneHref} className="link text-primary">
                {COMPANY.phone}
              </a>
            </address>
            <Link to={href('/contact')} className="btn btn-primary btn-sm mt-4">
              Contact us
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}
