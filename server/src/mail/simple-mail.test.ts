import { describe, expect, it } from 'vitest';
import {
  amounts,
  button,
  facts,
  mailDocument,
  note,
  noteWithLink,
  para,
  quotation,
} from './simple-mail.ts';

describe("the short mails' HTML", () => {
  it('is one document titled and headed by its title, the shop named on top', () => {
    const html = mailDocument('Confirm your e-mail address', para('Hello Ada,'));
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Confirm your e-mail address</title>');
    expect(html).toContain('>Partsmith</td>');
    expect(html).toMatch(/<h1 [^>]*>Confirm your e-mail address<\/h1><p [^>]*>Hello Ada,<\/p>/);
    expect(html).toContain('max-width:600px');
  });

  it('escapes every text it is given: names, notes, titles, links', () => {
    const html = mailDocument(
      'Join <Acme & Co> on Partsmith',
      para('"Bob" <script>') +
        note("it's") +
        facts(['<b>Fan</b>', 'Part number: A&B']) +
        quotation('Line one\n<i>two</i>') +
        noteWithLink('Changed your mind?', 'https://shop.example/x?a=1&b="2"', 'Cancel <now>'),
    );
    expect(html).not.toMatch(/<(script|b|i|Acme)[ >]/);
    expect(html).toContain('Join &lt;Acme &amp; Co&gt; on Partsmith');
    expect(html).toContain('&quot;Bob&quot; &lt;script&gt;');
    expect(html).toContain('it&apos;s');
    expect(html).toContain('>&lt;b&gt;Fan&lt;/b&gt;</strong><br>Part number: A&amp;B</div>');
    expect(html).toContain('Line one\n&lt;i&gt;two&lt;/i&gt;</blockquote>');
    expect(html).toContain('href="https://shop.example/x?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('>Cancel &lt;now&gt;</a>');
  });

  it('makes the action a large button and writes its address out under it', () => {
    const url = 'https://shop.example/api/auth/verify-email?token=abc&callbackURL=%2F';
    const html = button(url, 'Confirm my address');
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([url.replace('&', '&amp;'), url.replace('&', '&amp;')]);
    expect(html).toMatch(/padding:12px 22px[^>]*>Confirm my address<\/a>/);
    expect(html).toContain(`>${url.replace('&', '&amp;')}</a>`);
  });

  it("sets a quote's lines beside their amounts, then the total", () => {
    const html = amounts(
      [
        { text: '200 x Fan', detail: '$11.50 each', amount: '$2,300.00' },
        { text: '1 x Cable', amount: '' },
      ],
      { label: 'Total', amount: '$2,300.00' },
    );
    const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
      m[1]!
        .replace(/<br>/g, ' | ')
        .replace(/<[^>]+>/g, '/')
        .replace(/\/+/g, '/'),
    );
    expect(rows).toEqual([
      '/200 x Fan | /$11.50 each/$2,300.00/',
      '/1 x Cable/',
      '/Total/$2,300.00/',
    ]);
  });
});
