// The order mails' one template, written with createElement (the server has no JSX build).
// Mail clients take little CSS: inline styles, tables for layout (react-email's components
// do both), one column at most 600 px wide, text at 16 px for phones.
// One package a component, not the @react-email/components umbrella: this module is loaded with
// import(), and esbuild keeps every module an `export *` barrel names when it is reached that way
// (1.5 MB of code blocks, Tailwind and Markdown the mails do not use).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { SELLER, sellerAddressLines } from '@partsmith/contract/seller';
import { formatUsd } from '../lib/money.ts';
import { linesOnlyMoney, moneyRows } from '../lib/order-money.ts';
import { partCount, type MailOrder, type OrderMailInput } from './order-mails.ts';

// The shop's colours (web/src/index.css, the partsmith theme).
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#e2e8f0';
const PAGE = '#f1f5f9';
const ORANGE = '#c2410c';
const FONT =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const s = {
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

/** Left out of the text part (react-email's plain-text rules). */
const SKIP_IN_TEXT = { 'data-skip-in-text': true };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const p = (...children: ReactNode[]) => h(Text, { style: s.text }, ...children);
const small = (...children: ReactNode[]) => h(Text, { style: s.small }, ...children);
const link = (href: string, children: ReactNode) => h(Link, { href, style: s.link }, children);
/**
 * A label above its value, such as "Ship to" over the address, in one paragraph: the text part
 * then keeps them together. A value's own line breaks (an address's) are kept.
 */
const fact = (label: string, value: string) =>
  h(
    Text,
    { key: label, style: s.value },
    h('span', { style: s.label }, label),
    ...value.split('\n').flatMap((line, i) => [h('br', { key: `br${i}` }), line]),
  );
/**
 * The order's number, the one the customer quotes and searches My Orders by, its buyer's purchase
 * order number when it has one, over its reference (the id in the shop's links).
 */
const orderFact = (order: MailOrder) =>
  fact(
    'Order',
    [
      order.number,
      order.poNumber ? `Purchase order ${order.poNumber}` : null,
      `Reference ${order.id}`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
/**
 * Where it ships: the address book's entry line by line (or the address typed with the order),
 * its phone, and the buyer's tax ID or tax exemption when the order has one.
 */
const shipToFacts = (order: MailOrder) => [
  fact('Ship to', (order.shipTo?.length ? order.shipTo : [order.address]).join('\n')),
  fact('Phone', order.phone),
  order.buyerTaxId ? fact('Tax ID', order.buyerTaxId) : null,
  order.taxExemption ? fact('Tax exempt', `Certificate ${order.taxExemption}`) : null,
];
const button = (href: string, label: string) =>
  h(Section, { style: { margin: '24px 0 8px' } }, h(Button, { href, style: s.button }, label));

/**
 * The order's lines: part (with its unit price under the name), quantity and amount, then the
 * subtotal, the shipping (its method and delivery days), each sales tax and the total (the
 * order's money: lib/order-money.ts, as on its invoice). Three columns fit a 375 px screen; long
 * names wrap inside theirs, a sum's label spans the first two. In the text part it is laid out
 * as columns (react-email's `data-text-format`).
 */
function linesTable(order: MailOrder, totalLabel = 'Total') {
  const right = { textAlign: 'right' } as const;
  const sums = moneyRows(order.money ?? linesOnlyMoney(order.totalCents), { withDays: true });
  const sumCell = { ...s.td, padding: '6px 0', borderBottom: 'none' };
  return h(
    'table',
    {
      width: '100%',
      cellPadding: 0,
      cellSpacing: 0,
      role: 'presentation',
      'data-text-format': 'dataTable',
      style: { width: '100%', borderCollapse: 'collapse', margin: '16px 0 8px' },
    },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', { align: 'left', style: { ...s.th, textAlign: 'left' } }, 'Part'),
        h('th', { align: 'right', style: { ...s.th, ...right, width: '44px' } }, 'Qty'),
        h('th', { align: 'right', style: { ...s.th, ...right, width: '96px' } }, 'Amount'),
      ),
    ),
    h(
      'tbody',
      null,
      order.lines.map((line, i) =>
        h(
          'tr',
          { key: i },
          h(
            'td',
            { style: { ...s.td, paddingRight: '8px', overflowWrap: 'anywhere' } },
            line.name,
            h('br'),
            h(
              'span',
              { style: { fontSize: '13px', color: MUTED } },
              line.sku
                ? `Part no. ${line.sku} · ${formatUsd(line.unitPriceCents)} each`
                : `${formatUsd(line.unitPriceCents)} each`,
            ),
          ),
          h('td', { align: 'right', style: { ...s.td, ...right } }, String(line.quantity)),
          h(
            'td',
            { align: 'right', style: { ...s.td, ...right, whiteSpace: 'nowrap' } },
            formatUsd(line.quantity * line.unitPriceCents),
          ),
        ),
      ),
      sums.map((row, i) =>
        h(
          'tr',
          { key: `sum${i}` },
          h('td', { colSpan: 2, style: { ...sumCell, paddingRight: '8px' } }, row.label),
          h(
            'td',
            { align: 'right', style: { ...sumCell, ...right, whiteSpace: 'nowrap' } },
            formatUsd(row.cents),
          ),
        ),
      ),
      h(
        'tr',
        null,
        h(
          'td',
          {
            colSpan: 2,
            style: {
              ...s.td,
              fontWeight: 700,
              borderBottom: 'none',
              ...(sums.length ? { borderTop: `1px solid ${RULE}` } : {}),
            },
          },
          totalLabel,
        ),
        h(
          'td',
          {
            align: 'right',
            style: {
              ...s.td,
              ...right,
              fontWeight: 700,
              whiteSpace: 'nowrap',
              borderBottom: 'none',
              ...(sums.length ? { borderTop: `1px solid ${RULE}` } : {}),
            },
          },
          formatUsd(order.totalCents),
        ),
      ),
    ),
  );
}

/** What each kind says: the preview line and the body between header and footer. */
function content(input: OrderMailInput): { preview: string; body: ReactNode[] } {
  const { order, publicUrl } = input;
  const orderUrl = `${publicUrl}/dashboard/orders/${order.id}`;
  const total = formatUsd(order.totalCents);
  const placedOn = dateFormat.format(order.createdAt);
  const hello = p(`Hello ${order.userName},`);
  const orderLink = p(link(orderUrl, 'View your order'));
  const count = partCount(order);
  const parts = `${count} ${count === 1 ? 'part' : 'parts'}`;

  switch (input.kind) {
    case 'placed':
      return {
        preview: `Thank you for your order of ${parts}, ${total}. It ships once it is paid.`,
        body: [
          h(Heading, { as: 'h1', style: s.h1 }, 'Thank you for your order'),
          hello,
          p(
            `We have your order of ${parts}, placed on ${placedOn}. We hold the parts for you ` +
              'and ship them as soon as the order is paid.',
          ),
          linesTable(order),
          ...shipToFacts(order),
          orderFact(order),
          button(`${publicUrl}/dashboard/payment/${order.id}`, `Pay now: ${total}`),
          orderLink,
        ],
      };
    case 'receipt':
      return {
        preview: `We received your payment of ${total}. Your invoice is attached.`,
        body: [
          h(Heading, { as: 'h1', style: s.h1 }, 'Payment received'),
          hello,
          p(`Thank you: we received your payment of ${total} for your order of ${placedOn}.`),
          input.invoiceNumber ? fact('Invoice', input.invoiceNumber) : null,
          input.paymentReference ? fact('Payment reference', input.paymentReference) : null,
          orderFact(order),
          linesTable(order, 'Total paid'),
          ...shipToFacts(order),
          p(
            input.invoiceNumber
              ? `Your invoice ${input.invoiceNumber} is attached (PDF).`
              : 'Your invoice is attached (PDF).',
          ),
          orderLink,
        ],
      };
    case 'shipped': {
      const { carrier, trackingNumber } = input;
      const url = input.trackingUrl ?? null;
      const how =
        carrier && trackingNumber
          ? `It travels with ${carrier}, tracking number ${trackingNumber}.`
          : carrier
            ? `It travels with ${carrier}.`
            : trackingNumber
              ? `Its tracking number is ${trackingNumber}.`
              : 'It is on its way to the address below.';
      return {
        preview: `Your order is on its way. ${how}`,
        body: [
          h(Heading, { as: 'h1', style: s.h1 }, 'Your order has shipped'),
          hello,
          p(`Good news: we shipped your order of ${placedOn}. ${how}`),
          carrier ? fact('Carrier', carrier) : null,
          trackingNumber ? fact('Tracking number', trackingNumber) : null,
          orderFact(order),
          url ? button(url, 'Track your parcel') : null,
          // The text part has the link after the button's label already.
          url
            ? h(Text, { style: s.small, ...SKIP_IN_TEXT }, 'Tracking link: ', link(url, url))
            : null,
          linesTable(order),
          ...shipToFacts(order),
          orderLink,
        ],
      };
    }
    case 'refunded':
      if (input.creditedInvoice)
        return {
          preview: `Invoice ${input.creditedInvoice} is cancelled: nothing is owed on it.`,
          body: [
            h(Heading, { as: 'h1', style: s.h1 }, 'Your order was cancelled'),
            hello,
            p(
              `We cancelled your order of ${placedOn} and credited its invoice ${input.creditedInvoice} in full: nothing is owed on it.`,
            ),
            fact('Amount credited', total),
            input.creditNoteNumber
              ? fact('Credit note', `${input.creditNoteNumber} (attached, PDF)`)
              : null,
            input.reason ? fact('Reason', input.reason) : null,
            orderFact(order),
            linesTable(order, 'Total credited'),
            orderLink,
          ],
        };
      return {
        preview: `We refunded ${total} to your card.`,
        body: [
          h(Heading, { as: 'h1', style: s.h1 }, 'Your order was refunded'),
          hello,
          p(
            `We refunded ${total} for your order of ${placedOn} to the card you paid with. ` +
              'Depending on your bank, it can take a few days to show on your statement.',
          ),
          fact('Amount refunded', total),
          input.creditNoteNumber
            ? fact('Credit note', `${input.creditNoteNumber} (attached, PDF)`)
            : null,
          input.reason ? fact('Reason', input.reason) : null,
          orderFact(order),
          linesTable(order, 'Total refunded'),
          ...shipToFacts(order),
          orderLink,
        ],
      };
    case 'paid-notice':
      // To the shop's order addresses, not the buyer: the order's page in the dashboard (where it
      // is shipped from) first, then what to pack, who paid and where it goes.
      return {
        preview: `${order.userName} paid ${total} for ${parts}. It is ready to ship.`,
        body: [
          h(Heading, { as: 'h1', style: s.h1 }, 'New paid order'),
          p(
            `${order.userName} paid ${total} for order ${order.number} (${parts}), placed on ` +
              `${placedOn}. It is ready to ship.`,
          ),
          button(orderUrl, 'Open the order in the dashboard'),
          linesTable(order, 'Total paid'),
          fact('Buyer', `${order.userName}\n${order.userEmail}`),
          ...shipToFacts(order),
          orderFact(order),
          input.invoiceNumber ? fact('Invoice', input.invoiceNumber) : null,
          input.paymentReference ? fact('Payment reference', input.paymentReference) : null,
        ],
      };
    case 'expired':
      return {
        preview: 'Your order was not paid in time, so we cancelled it. Nothing was charged.',
        body: [
          h(Heading, { as: 'h1', style: s.h1 }, 'Your order expired'),
          hello,
          p(
            `Your order of ${placedOn} was not paid in time, so we cancelled it and released ` +
              'its parts for other customers. Nothing was charged.',
          ),
          orderFact(order),
          linesTable(order),
          p('Still need these parts? You are welcome to order them again.'),
          button(`${publicUrl}/`, 'Visit the shop'),
        ],
      };
  }
}

/** The whole mail: header with the brand, what the kind says, and the footer. */
export function orderMailElement(input: OrderMailInput, subject: string) {
  const { preview, body } = content(input);
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(Head, null, h('title', null, subject)),
    h(Preview, null, preview),
    h(
      Body,
      { style: s.body },
      h(
        Container,
        { style: s.container },
        h(Section, { style: s.header }, h(Text, { style: s.brand }, 'Partsmith')),
        h(Section, { style: s.content }, ...body),
        h(Hr, { style: { borderColor: RULE, margin: '24px 24px 16px', width: 'auto' } }),
        h(
          Section,
          { style: s.footer },
          input.kind === 'paid-notice'
            ? small(
                'The shop sends this notice for every paid order to ORDER_NOTIFY_EMAILS, or to ' +
                  'its admins when that is not set.',
              )
            : small(
                'Questions about your order? Write to us through our ',
                link(`${input.publicUrl}/contact`, 'contact page'),
                '.',
              ),
          small(
            `${SELLER.name} · ${sellerAddressLines().join(', ')} · ${SELLER.phone} · `,
            link(`mailto:${SELLER.email}`, SELLER.email),
          ),
          small(`Tax ID: ${SELLER.taxId} · ${input.publicUrl}`),
        ),
      ),
    ),
  );
}
