// The pieces the order mails are made of (order-mail-template.ts): paragraphs, links, facts,
// buttons and the order's lines. One package a component, as there.
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';
import { formatUsd } from '../lib/money.ts';
import { linesOnlyMoney, moneyRows } from '../lib/order-money.ts';
import type { MailOrder } from './order-mails.ts';
import { MUTED, RULE, s } from './order-mail-styles.ts';

export const p = (...children: ReactNode[]) => h(Text, { style: s.text }, ...children);
export const small = (...children: ReactNode[]) => h(Text, { style: s.small }, ...children);
export const link = (href: string, children: ReactNode) =>
  h(Link, { href, style: s.link }, children);
/**
 * A label above its value, such as "Ship to" over the address, in one paragraph: the text part
 * then keeps them together. A value's own line breaks (an address's) are kept.
 */
export const fact = (label: string, value: string) =>
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
export const orderFact = (order: MailOrder) =>
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
export const shipToFacts = (order: MailOrder) => [
  fact('Ship to', (order.shipTo?.length ? order.shipTo : [order.address]).join('\n')),
  fact('Phone', order.phone),
  order.buyerTaxId ? fact('Tax ID', order.buyerTaxId) : null,
  order.taxExemption ? fact('Tax exempt', `Certificate ${order.taxExemption}`) : null,
];
export const button = (href: string, label: string) =>
  h(Section, { style: { margin: '24px 0 8px' } }, h(Button, { href, style: s.button }, label));

/**
 * The order's lines: part (with its unit price under the name), quantity and amount, then the
 * subtotal, the shipping (its method and delivery days), each sales tax and the total (the
 * order's money: lib/order-money.ts, as on its invoice). Three columns fit a 375 px screen; long
 * names wrap inside theirs, a sum's label spans the first two. In the text part it is laid out
 * as columns (react-email's `data-text-format`).
 */
export function linesTable(order: MailOrder, totalLabel = 'Total') {
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
