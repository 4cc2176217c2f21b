import { href } from 'react-router';
import { SHOP_CONTACT } from '../../../config/shop.ts';

/**
 * The texts of the information pages (/info/:topic), linked from the home page's service block
 * and the footer. A paragraph is plain text, or a list of text pieces and links.
 */

/** `to` starting with '/' is a page of the shop; anything else (tel:, mailto:) a plain link. */
export type InfoLink = { text: string; to: string };
export type InfoParagraph = string | (string | InfoLink)[];

export interface InfoSection {
  heading: string;
  paragraphs: InfoParagraph[];
}

export interface InfoTopic {
  title: string;
  summary: string;
  sections: InfoSection[];
}

/** Who runs the shop: the seller of its invoices (config/shop.ts, from contract/src/seller.ts). */
export const COMPANY = SHOP_CONTACT;

const contactPage = (subject?: string): InfoLink => ({
  text: 'contact page',
  to: subject ? `${href('/contact')}?subject=${encodeURIComponent(subject)}` : href('/contact'),
});

export const INFO_TOPICS = {
  delivery: {
    title: 'Delivery',
    summary: 'How and when your parts reach you.',
    sections: [
      {
        heading: 'Shipping costs',
        paragraphs: [
          'What shipping costs depends on where your parcel goes and how fast it should get there. At checkout you choose from the methods that ship to your address, each with its price and delivery time; some ship free above an order value.',
          'Before you place the order, it shows the parts, the shipping, any sales tax and the total: the total you see is the total you are charged, and your invoice lists the same figures.',
          'We pack every part in anti-static bags and padded boxes. Graphics cards, motherboards and power supplies travel in their own retail box inside a shipping carton.',
        ],
      },
      {
        heading: 'Delivery times',
        paragraphs: [
          'Parts in stock leave our Austin warehouse within one to two business days after your payment is confirmed.',
          'Each shipping method shows its delivery time in business days at checkout, and your order keeps it. For deliveries outside the United States, import duties and taxes of the destination country are charged by the carrier on delivery.',
        ],
      },
      {
        heading: 'Following your order',
        paragraphs: [
          'Your orders, their payment and their shipping status are listed under Dashboard, My Orders.',
          [
            'A parcel has not arrived ten business days after it was shipped? Write to us through the ',
            contactPage('Where is my order?'),
            ' and we will trace it with the carrier.',
          ],
        ],
      },
    ],
  },
  payment: {
    title: 'Payment',
    summary: 'Paying for your order by card, safely.',
    sections: [
      {
        heading: 'How to pay',
        paragraphs: [
          'Place your order from your cart or a part page, then choose Pay on the order (Dashboard, My Orders). The amount is the order’s total in US dollars: the parts, the shipping and any sales tax.',
          'We accept the major credit and debit cards: Visa, Mastercard, American Express and Discover.',
        ],
      },
      {
        heading: 'Your card details',
        paragraphs: [
          'Card payments are processed by our card payment provider. You type your card details into the provider’s secure form; they go straight to the provider over an encrypted connection.',
          'Partsmith never sees or stores your card number. We only keep the payment’s reference and whether it succeeded, to mark your order as paid.',
        ],
      },
      {
        heading: 'Sales tax',
        paragraphs: [
          'We charge sales tax where we are required to, at the rates of the address your order ships to. Each rate shows as its own line on the order, the invoice and the receipt.',
          [
            'Buying for resale, or for a tax-exempt organisation? Send us your exemption certificate through the ',
            contactPage('Tax exemption certificate'),
            ': once it is recorded on your account, your orders carry no sales tax and their invoices name the certificate.',
          ],
        ],
      },
      {
        heading: 'Unpaid orders and refunds',
        paragraphs: [
          'An order that is not paid yet can be deleted from My Orders at any time; its parts go back into stock. A paid order cannot be deleted online.',
          [
            'For a cancellation or refund of a paid order, write to us through the ',
            contactPage('Refund request'),
            ' with your order number. A refund gives back the whole order, shipping and sales tax included, to the card you paid with.',
          ],
        ],
      },
    ],
  },
  'legal-notice': {
    title: 'Legal notice',
    summary: 'Who runs this shop and how to reach us.',
    sections: [
      {
        heading: 'Operator of this website',
        paragraphs: [
          `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.city}, ${COMPANY.country}. Tax ID: ${COMPANY.taxId}.`,
          [
            'Phone: ',
            { text: COMPANY.phone, to: COMPANY.phoneHref },
            '. E-mail: ',
            { text: COMPANY.email, to: `mailto:${COMPANY.email}` },
            '.',
          ],
        ],
      },
      {
        heading: 'Content and links',
        paragraphs: [
          'We take care that product descriptions, prices and stock levels are correct and up to date. Prices and availability may change without notice until you place an order.',
          'This website links to other websites, such as our social media pages. We have no control over their content and are not responsible for it.',
        ],
      },
      {
        heading: 'Copyright and trademarks',
        paragraphs: [
          'Texts, images and the Partsmith name and logo on this website belong to Partsmith Inc. and may not be copied without our written permission. Other product and company names may be trademarks of their owners.',
        ],
      },
    ],
  },
  'about-us': {
    title: 'About us',
    summary: 'A manufacturer of PC parts and tools, in Austin, Texas.',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'Partsmith designs, builds and sells PC parts and the tools to fit them: memory, motherboards, processors, graphics cards, power supplies, SSDs, and the screwdrivers, anti-static mats and thermal paste every builder needs.',
          'Our engineering team, workshop and warehouse are under one roof in Austin, Texas. Every part we sell comes from our own stock, so the quantity you see on the shop is the quantity on our shelves.',
        ],
      },
      {
        heading: 'How we work',
        paragraphs: [
          'We test what we ship. Memory runs through burn-in, power supplies through load tests and boards through a full boot check before they are packed.',
          'We sell directly to builders, workshops and businesses, so you talk to the people who make the parts. Whether you are building one PC or equipping a whole office, we are happy to help you choose.',
        ],
      },
      {
        heading: 'Talk to us',
        paragraphs: [
          [
            'Questions about a part, a large order or a partnership? Reach us through the ',
            contactPage(),
            ', by phone or by e-mail.',
          ],
        ],
      },
    ],
  },
  'privacy-policy': {
    title: 'Privacy policy',
    summary: 'What we store about you, why, and how to have it deleted.',
    sections: [
      {
        heading: 'What we store',
        paragraphs: [
          'Your account: your name, e-mail address and password (stored only as a secure hash), or the account id of the provider you signed in with, and the profile details you choose to add, such as location, phone number or LinkedIn link.',
          'Your orders: the parts, quantities, prices, shipping address and phone number, and the payment status with the payment provider’s reference. We never store card numbers.',
          'Messages you send through the contact form (your e-mail address, subject and message), reviews you publish, and your e-mail address if you subscribe to our newsletter.',
        ],
      },
      {
        heading: 'Why we store it',
        paragraphs: [
          'We use these data to run your account, deliver and invoice your orders, answer your messages and send the newsletter you asked for. We do not sell your data and we share it only with the services that carry out these tasks: the card payment provider, the parcel carrier and our e-mail service.',
          'We use one cookie to keep you signed in. We do not use advertising or tracking cookies.',
        ],
      },
      {
        heading: 'Deleting your data',
        paragraphs: [
          [
            'You can ask us at any time what we store about you, or ask us to delete it. Write to us through the ',
            contactPage('Privacy request'),
            ' from the e-mail address of your account. We delete your account, profile, messages, reviews and newsletter address within 30 days; order records are kept only as long as tax law requires.',
          ],
          'Without a request, we delete a message you sent through the contact form a year after we have answered it.',
          'To stop the newsletter only, use the unsubscribe link at the bottom of every issue.',
        ],
      },
    ],
  },
  jobs: {
    title: 'Jobs',
    summary: 'Build PCs, parts and the shop with us in Austin.',
    sections: [
      {
        heading: 'Open roles',
        paragraphs: [
          'Hardware test technician (full-time, Austin): you run burn-in and load tests on memory, boards and power supplies, and find out why a part failed. Experience building PCs required.',
          'Frontend engineer (full-time, Austin or remote within the US): you work on this shop in React and TypeScript, with a sharp eye for accessibility and speed.',
          'Warehouse and shipping associate (full-time, Austin): you pick, pack and ship orders with care, and keep our stock counts right.',
        ],
      },
      {
        heading: 'How to apply',
        paragraphs: [
          [
            'Write to us through the ',
            contactPage('Job application'),
            ': tell us which role you are interested in, what you have built and where we can see your work. We answer every application within two weeks.',
          ],
        ],
      },
    ],
  },
} satisfies Record<string, InfoTopic>;

export type InfoTopicKey = keyof typeof INFO_TOPICS;

export function getInfoTopic(key: string | undefined): InfoTopic | undefined {
  if (!key || !Object.hasOwn(INFO_TOPICS, key)) return undefined;
  return INFO_TOPICS[key as InfoTopicKey];
}

export const INFO_TOPIC_KEYS = Object.keys(INFO_TOPICS) as InfoTopicKey[];
