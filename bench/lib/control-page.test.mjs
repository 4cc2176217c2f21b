import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PAGE_NAME, controlLine, startControlPage } from './lighthouse.mjs';

describe('the control page Lighthouse measures beside the shop', () => {
  let control;
  beforeAll(async () => {
    control = await startControlPage();
  });
  afterAll(() => control.stop());

  it('serves a heading and a sentence with nothing for the browser to fetch or run', async () => {
    expect(control.page).toMatchObject({ name: CONTROL_PAGE_NAME, control: true });
    const res = await fetch(control.page.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<h1>Control page</h1>');
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<meta name="description"/);
    // Nothing else to load: no script, stylesheet, picture, nor a favicon request.
    expect(html).not.toMatch(/<script|<style|rel="stylesheet"|<img/);
    expect(html).toContain('<link rel="icon" href="data:,">');
  });

  it('lets crawlers in and answers 404 for anything else', async () => {
    const base = control.page.url;
    expect(await (await fetch(new URL('/robots.txt', base))).text()).toBe(
      'User-agent: *\nAllow: /\n',
    );
    expect((await fetch(new URL('/elsewhere', base))).status).toBe(404);
  });

  it('prints its figures as a floor, not as a goal', () => {
    const line = controlLine({ performance: 97, lcpMs: 699.4, tbtMs: 146.2, tbtRuns: [279.1, 14] });
    expect(line).toContain('perf 97, LCP 699 ms, TBT 146 ms (runs 279, 14)');
    expect(line).toContain('not a goal');
  });
});
