import { href, Link } from 'react-router';

/** The logo and the shop's name, a link to the home page; `className` styles the link. */
export function Brand({ className }: { className: string }) {
  return (
    <Link to={href('/')} className={className}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="6" fill="#1e293b" />
        <path
          d="M9 23V9h8a5 5 0 0 1 0 10h-4v4z"
          fill="none"
          stroke="#f97316"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </svg>
      Partsmith
    </Link>
  );
}
