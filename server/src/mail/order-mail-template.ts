// The order mails' one template, written with createElement (the server has no JSX build).
// Mail clients take little CSS: inline styles, tables for layout (react-email's components
// do both), one column at most 600 px wide, text at 16 px for phones.
// One package a component, not the @react-email/components umbrella: this module is loaded with
// import(), and esbuild keeps every module an `export *` barrel names when it is reached that way
// (1.5 MB of code blocks, Tailwind and Markdown the mails do not use).
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';
import { SELLER, sellerAddressLines } from '@partsmith/contract/seller';
import { formatUsd } from '../lib/money.ts';
import { partCount, type OrderMailInput } from './order-mails.ts';
import {
  button,
  fact,
  linesTable,
  link,
  orderFact,
  p,
  shipToFacts,
  small,
} from './order-mail-blocks.ts';
import { RULE, s } from './order-mail-styles.ts';

/** Left out of the text part (react-email's plain-text rules). */
const SKIP_IN_TEXT = { 'data-skip-in-text': true };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

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
          h(
            Heading,
            { as: 'h1', style: s.h1 },
            input.partial ? 'Part of your order was refunded' : 'Your order was refunded',
          ),
          hello,
          p(
            (input.partial
              ? `We refunded ${total} for the parts below of your order of ${placedOn}, to the card you paid with. `
              : `We refunded ${total} for your order of ${placedOn} to the card you paid with. `) +
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
