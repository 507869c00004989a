/**
 * Without JavaScript, end to end against a real `redcliffe-leads serve` process (issue 43, point 9):
 * a host site on another origin holds the server-rendered story (renderCaseStudy, the lead server's
 * assets and endpoint), read in Chromium with JavaScript off. The hero's offer takes the visitor to
 * the plain form; a field to fix answers the branded 400 page (its problem in an error style, the
 * privacy line); a good submit ends, after serve's one more press for its spam token, on the
 * branded thank-you page with the PDF's link and the next step; one lead is stored.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';
import { fieldOf } from '../../src/shared/lead-fields.js';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };
import { crossOrigin, postPage, type CrossOrigin } from './hosts/cross-origin.js';
import { root, runCli } from '../server/processes.js';

const CONTACT = 'https://example.com/contact-sales';
let setUp: CrossOrigin;

beforeAll(async () => {
  setUp = await crossOrigin('nojs-serve-e2e');
  const { renderCaseStudy } = (await import(pathToFileURL(path.join(root, 'dist/ssr.js')).href)) as typeof import('../../src/ssr.js');
  const { version } = JSON.parse(await readFile(path.join(root, 'dist/integrity.json'), 'utf8')) as { version: string };
  setUp.site.on('request', (request, response) => {
    const { html } = renderCaseStudy({
      path: '/',
      endpoint: `${setUp.server.origin}/api/download-case-study/`,
      assetsUrl: `${setUp.server.origin}/assets/${version}`,
      styles: 'inline',
      privacyUrl: '/privacy',
      contactUrl: CONTACT,
    });
    response.writeHead(request.url === '/privacy' ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(postPage(html));
  });
}, 240_000);

afterAll(async () => {
  await setUp?.stop();
});

async function type(page: Page, key: 'firstName' | 'lastName' | 'email', text: string, root = 'pierce/.cta__form ') {
  const input = (await page.$(`${root}input[name="${fieldOf(key).name}"]`))!;
  await input.click({ count: 3 });
  await page.keyboard.type(text);
}

describe('the story without JavaScript, posting to a real serve', () => {
  it('the hero leads to the form; a field to fix and a good submit each end on a branded page', async () => {
    const page = await setUp.browser.newPage();
    try {
      await page.setJavaScriptEnabled(false);
      await page.setViewport({ width: 1280, height: 900 });
      // A PDF the visitor opens is answered with 204, so headless Chromium starts no download.
      await page.setRequestInterception(true);
      page.on('request', (request) => void (request.url().endsWith('.pdf') ? request.respond({ status: 204 }) : request.continue()));
      await page.goto(`${setUp.siteOrigin}/blog/our-story/?utm_source=newsletter`, { waitUntil: 'networkidle0' });
      await page.bringToFront();

      // The hero's offer, the only action shown there, takes the visitor to the form's first field.
      const heroButtons = await page.$$eval('pierce/.hero__actions button', (buttons) => buttons.filter((b) => b.checkVisibility()).map((b) => b.textContent));
      expect(heroButtons).toEqual([defaultStory.hero.download]);
      expect(await page.evaluate(() => scrollY)).toBe(0);
      await (await page.$('pierce/.hero__actions .button--primary'))!.click();
      await page.waitForFunction(() => document.querySelector('redcliffe-case-study')?.shadowRoot?.activeElement?.getAttribute('name') === 'First Name');
      const reached = await page.evaluate(() => ({
        y: scrollY,
        top: document.querySelector('redcliffe-case-study')!.shadowRoot!.activeElement!.getBoundingClientRect().top,
      }));
      console.log(`[measure] no-JS hero offer: scrolled ${Math.round(reached.y)} px, the first field at ${Math.round(reached.top)} px`);
      expect(reached.y).toBeGreaterThan(900);

      // A field to fix: the branded 400 page, its problem in an error style, the privacy line.
      await type(page, 'firstName', 'Asha');
      await type(page, 'lastName', 'Rao-NoJS');
      await type(page, 'email', 'asha@example');
      await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
      const [refused] = await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
      expect(refused?.status()).toBe(400);
      const errorPage = await page.evaluate(() => {
        const notice = document.querySelector('.notice')!;
        const style = getComputedStyle(notice);
        return {
          band: getComputedStyle(document.querySelector('.band')!).backgroundColor,
          role: notice.getAttribute('role'),
          color: style.color,
          border: style.borderTopColor,
          background: style.backgroundColor,
          privacy: document.querySelector('form .privacy a')?.getAttribute('href'),
        };
      });
      console.log(`[measure] no-JS 400 page: ${JSON.stringify(errorPage)}`);
      expect(errorPage).toMatchObject({
        band: 'rgb(7, 94, 84)',
        role: 'alert',
        color: 'rgb(161, 35, 26)',
        border: 'rgb(179, 38, 30)',
        background: 'rgb(255, 255, 255)',
      });
      expect(errorPage.privacy).toBe(`${setUp.siteOrigin}/privacy`);

      // Fixed: serve asks for one more press (the form in static HTML had no spam token), then the thank-you page.
      await type(page, 'email', 'asha@example.com', '');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const [asked] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
      expect(asked?.status()).toBe(200);
      let thanks = await page.$('a.action');
      if (!thanks) {
        await new Promise((resolve) => setTimeout(resolve, 1100));
        await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
        thanks = await page.$('a.action');
      }
      const thankYou = await page.evaluate(() => ({
        h1: document.querySelector('h1')?.textContent,
        pdf: document.querySelector('a.action:not(.action--secondary)')?.getAttribute('href'),
        next: document.querySelector('.next a')?.getAttribute('href'),
        nextText: document.querySelector('.next p')?.textContent,
        back: document.querySelector('.back a')?.getAttribute('href'),
      }));
      console.log(`[measure] no-JS thank-you page: ${JSON.stringify(thankYou)}`);
      expect(thankYou).toMatchObject({ h1: 'Thanks, Asha!', next: CONTACT, nextText: defaultStory.cta.nextStep });
      expect(thankYou.pdf).toMatch(/\/Leaflet_Case_Study_One_Pager\.pdf$/);
      // The way back: the page the form was on, as far as the browser told across origins (its Referer).
      expect(thankYou.back?.startsWith(setUp.siteOrigin)).toBe(true);
      const file = await fetch(new URL(thankYou.pdf!, setUp.server.origin));
      expect(file.headers.get('content-type')).toBe('application/pdf');

      const leads = runCli(['export', '--format', 'ndjson'], { LEADS_DB: setUp.db }).trim().split('\n');
      expect(
        leads.filter((line) => line.includes('Rao-NoJS')),
        'one lead, not taken for spam',
      ).toHaveLength(1);
    } finally {
      await page.close();
    }
  }, 120_000);
});
