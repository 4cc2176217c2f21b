import { useEffect } from 'react';
import { href, Link } from 'react-router';

/** An unplugged power connector: the page's cable is not in its socket. */
function UnpluggedIllustration() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 320 200"
      className="mx-auto h-auto w-full max-w-sm"
      focusable="false"
    >
      <rect x="8" y="8" width="304" height="184" rx="24" fill="#f1f5f9" />
      {/* socket on the board */}
      <rect x="188" y="62" width="100" height="76" rx="10" fill="#1e293b" />
      <rect x="200" y="74" width="76" height="52" rx="6" fill="#334155" />
      {[0, 1, 2, 3].map((col) =>
        [0, 1].map((row) => (
          <rect
            key={`${col}-${row}`}
            x={207 + col * 17}
            y={82 + row * 20}
            width="11"
            height="14"
            rx="2"
            fill="#0f172a"
          />
        )),
      )}
      {/* plug, pulled out */}
      <path
        d="M20 150 C 70 150 60 100 110 100"
        fill="none"
        stroke="#334155"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <rect x="104" y="76" width="48" height="48" rx="8" fill="#f97316" />
      <rect x="152" y="84" width="14" height="32" rx="3" fill="#c2410c" />
      <rect x="112" y="86" width="32" height="6" rx="3" fill="#fed7aa" />
      {/* sparks */}
      <g stroke="#0d9488" strokeWidth="5" strokeLinecap="round">
        <path d="M174 56 l8 -14" />
        <path d="M178 100 h12" />
        <path d="M174 144 l8 14" />
      </g>
    </svg>
  );
}

/** The 404 page: shown for every unknown address and for unknown info topics. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found | Partsmith';
  }, []);

  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <UnpluggedIllustration />
      <p className="mt-6 text-7xl font-black tracking-tight text-primary sm:text-8xl">
        <span className="sr-only">Error </span>404
      </p>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
        {"Oops! The page you're looking for isn't here."}
      </h1>
      <p className="mt-3 max-w-xl text-base-content">
        The link may be old or mistyped. Our parts are still in stock on the home page.
      </p>
      <Link to={href('/')} className="btn btn-primary mt-8">
        Back to homepage
      </Link>
    </section>
  );
}
