// The order mails' colours and styles (order-mail-template.ts), set inline on each element.
import type { CSSProperties } from 'react';

// The shop's colours (web/src/index.css, the partsmith theme).
const INK = '#0f172a';
export const MUTED = '#475569';
export const RULE = '#e2e8f0';
const PAGE = '#f1f5f9';
const ORANGE = '#c2410c';
const FONT =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const s = {
  body: { backgroundColor: PAGE, margin: 0, padding: '24px 0', fontFamily: FONT, color: INK },
  container: { maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px' },
  header: { backgroundColor: INK, padding: '18px 24px', borderRadius: '8px 8px 0 0' },
  brand: {
    margin: 0,
    color: '#ffffff',
    fontSize: '22px',
    lineHeight: '28px',
    fontWeight: 700,
    letterSpacing: '0.3px',
  },
  content: { padding: '8px 24px 8px' },
  h1: { fontSize: '24px', lineHeight: '32px', fontWeight: 700, margin: '16px 0 8px', color: INK },
  text: { fontSize: '16px', lineHeight: '24px', margin: '12px 0', color: INK },
  small: { fontSize: '13px', lineHeight: '20px', margin: '4px 0', color: MUTED },
  label: {
    fontSize: '12px',
    lineHeight: '20px',
    color: MUTED,
    textTransform: 'uppercase',
    letterSpacing: '0.6px',
    fontWeight: 700,
  },
  value: {
    fontSize: '16px',
    lineHeight: '24px',
    margin: '14px 0',
    color: INK,
    overflowWrap: 'anywhere',
  },
  button: {
    backgroundColor: ORANGE,
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 700,
    borderRadius: '8px',
    padding: '12px 22px',
    textDecoration: 'none',
  },
  link: { color: ORANGE, textDecoration: 'underline' },
  th: {
    fontSize: '12px',
    lineHeight: '16px',
    color: MUTED,
    textTransform: 'uppercase',
    letterSpacing: '0.6px',
    padding: '8px 0',
    borderBottom: `2px solid ${INK}`,
  },
  td: {
    fontSize: '15px',
    lineHeight: '22px',
    padding: '10px 0',
    borderBottom: `1px solid ${RULE}`,
    verticalAlign: 'top',
  },
  footer: { padding: '0 24px 16px' },
} satisfies Record<string, CSSProperties>;
