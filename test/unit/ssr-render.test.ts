/**
 * renderCaseStudy from the built server entry (dist/ssr.js, what `redcliffe-case-study/ssr` ships):
 * the whole story in the HTML, routing and status, escaping, the stylesheet linked or inline, and the CSS file
 * built from the same source as the sheet the browser adopts. Run after `npm run build`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anchors, heroWords, notFound } from '../../src/shared/content.js';
import { cta as ctaWords } from '../../src/shared/content/call-to-action.js';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };
import { jumpNav } from '../../src/shared/content/jump-nav.js';
import { serverCss } from '../../src/styles/server-sheet.js';
import { minifyCss } from '../../scripts/minify-css-literals.mjs';
import { VERSION } from '../../src/version.js';

type Render = (options: { path: string; base?: string; endpoint?: string; formUrl?: string; assetsUrl: string; styles?: 'link' | 'inline' }) => {
  html: string;
  status: 200 | 404;
};
const { renderCaseStudy } = (await import('../../dist/ssr.js' as string)) as { renderCaseStudy: Render };
const { hero, titles, testimonial: testimonialWords } = defaultStory;
const cta = { ...ctaWords, ...defaultStory.cta };

/** Text of the HTML as a reader gets it: tags dropped, entities decoded, whitespace collapsed. */
const words = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

const story = renderCaseStudy({ path: '/case-study/redcliffe-labs', assetsUrl: '/assets/redcliffe-case-study/0.1.0' });

describe('renderCaseStudy: what a visitor reads is in the HTML', () => {
  it('is the element with an open declarative shadow root', () => {
    expect(story.status).toBe(200);
    expect(story.html).toMatch(/^<redcliffe-case-study><template shadowrootmode="open">[\s\S]*<\/template><\/redcliffe-case-study>$/);
  });

  it('holds the hero, the comparison, the testimonial, the four blocks, the call to action and the JumpNav', () => {
    const text = words(story.html);
    for (const expected of [
      hero.badge,
      hero.headline,
      hero.lede,
      heroWords.readMore,
      hero.before.title,
      ...hero.before.points,
      hero.after.title,
      ...hero.after.points,
      testimonialWords.quote,
      testimonialWords.person.name,
      titles.about,
      titles.challenges,
      titles.solution,
      titles.impact,
      titles.cta,
      cta.text,
      cta.button,
      cta.noScript,
      jumpNav.title,
      ...anchors.map((anchor) => titles[anchor.title]),
    ]) {
      expect(text, expected).toContain(words(expected));
    }
    expect(text).not.toContain('Loading...');
  });

  it('fade-ins start visible, and nothing needs <style> or style=""', () => {
    const fades = [...story.html.matchAll(/class="([^"]*\bfade\b[^"]*)"/g)].map((match) => match[1]);
    expect(fades.length).toBeGreaterThanOrEqual(4);
    for (const classes of fades) expect(classes).toMatch(/\bfade--in\b/);
    expect(story.html).not.toMatch(/<style/i);
    expect(story.html).not.toMatch(/\sstyle=/i);
    expect(story.html).not.toMatch(/<script/i);
  });

  it('links the stylesheet from assetsUrl and names the version and the view that rendered it', () => {
    expect(story.html).toContain(
      `<link rel="stylesheet" href="/assets/redcliffe-case-study/0.1.0/redcliffe-case-study.css" data-rcs-version="${VERSION}" data-rcs-view="story">`,
    );
    const cdn = renderCaseStudy({ path: '/case-study/redcliffe-labs/', assetsUrl: 'https://cdn.example.com/rcs/0.1.0/' });
    expect(cdn.html).toContain('href="https://cdn.example.com/rcs/0.1.0/redcliffe-case-study.css"');
  });

  it('refuses an assetsUrl that is neither an http(s) URL nor root-relative, saying what to pass', () => {
    for (const assetsUrl of ['assets/x', '//evil.example/x', 'javascript:alert(1)', 'data:text/css,x', '']) {
      expect(() => renderCaseStudy({ path: '/case-study/redcliffe-labs/', assetsUrl }), assetsUrl).toThrow(/assetsUrl must be/);
    }
  });
});

describe('renderCaseStudy: routing and status', () => {
  const render = (path: string, base?: string) => renderCaseStudy({ path, base, assetsUrl: '/a' });

  it('the story at the base, with or without a trailing slash, a query or a fragment', () => {
    for (const path of [
      '/case-study/redcliffe-labs',
      '/case-study/redcliffe-labs/',
      '/case-study/redcliffe-labs/?utm_source=x',
      '/case-study/redcliffe-labs#results',
    ]) {
      const { status, html } = render(path);
      expect(status, path).toBe(200);
      expect(words(html), path).toContain(hero.headline);
    }
    expect(render('/blog/story/', '/blog/story/').status).toBe(200);
  });

  it('without a base, the story at any URL a CMS gives a post (outside the default base)', () => {
    for (const path of ['/2026/11/25/a-post/', '/', '/?p=12', '/?p=12&preview=true', '/a/b/c/', '/a/b/c/?utm_source=x#results', '/somewhere-else/']) {
      const { status, html } = render(path);
      expect(status, path).toBe(200);
      expect(words(html), path).toContain(hero.headline);
      expect(html, path).toContain('data-rcs-view="story"');
    }
  });

  it('the 404 page and status 404 for anything else under the base, or outside a given base', () => {
    for (const [path, base] of [
      ['/case-study/redcliffe-labs/no-such-page', undefined],
      ['/case-study/redcliffe-labs/a/b', undefined],
      ['/somewhere-else/', '/blog/story'],
      ['/blog/story/x', '/blog/story'],
    ] as const) {
      const { status, html } = render(path, base);
      expect(status, path).toBe(404);
      expect(words(html), path).toContain(notFound.text);
      expect(words(html), path).not.toContain(hero.headline);
      expect(html, path).toContain('data-rcs-view="not-found"');
    }
  });
});

describe('renderCaseStudy: escaping', () => {
  it('every attribute value comes out inert', () => {
    const hostile = '"><script>alert(1)</script><x y=\'';
    const { html } = renderCaseStudy({ path: '/x', base: hostile, endpoint: hostile, formUrl: `${hostile}&amp;`, assetsUrl: `/assets/${hostile}` });
    expect(html).not.toMatch(/<script/i);
    const open = html.slice(0, html.indexOf('<template'));
    expect(open).toBe(
      `<redcliffe-case-study base="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;x y=&#39;" ` +
        `endpoint="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;x y=&#39;" ` +
        `form-url="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;x y=&#39;&#38;amp;">`,
    );
    expect(html).toContain('href="/assets/&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;x y=&#39;/redcliffe-case-study.css"');
  });

  it('leaves out the attributes it was not given', () => {
    expect(story.html.startsWith('<redcliffe-case-study><template')).toBe(true);
    const { html } = renderCaseStudy({ path: '/b/', base: '/b', endpoint: '/api/x/', formUrl: 'https://forms.example.com/lead', assetsUrl: '/a' });
    expect(html.startsWith('<redcliffe-case-study base="/b" endpoint="/api/x/" form-url="https://forms.example.com/lead"><template')).toBe(true);
  });
});

describe('the build', () => {
  it("dist/redcliffe-case-study.css is the adopted sheet's source, rule for rule", () => {
    expect(minifyCss(readFileSync(new URL('../../dist/redcliffe-case-study.css', import.meta.url), 'utf8'))).toBe(minifyCss(serverCss));
  });

  it('dist/redcliffe-case-study.html is the server-rendered story for the default base, its styles inline', () => {
    const snippet = readFileSync(new URL('../../dist/redcliffe-case-study.html', import.meta.url), 'utf8');
    const expected = renderCaseStudy({
      path: '/case-study/redcliffe-labs',
      assetsUrl: `https://cdn.jsdelivr.net/npm/redcliffe-case-study@${VERSION}/dist`,
      styles: 'inline',
    });
    // The no-JS form carries the time it was rendered: the build's in the file, now in `expected`.
    const renderedAt = /(name="form_rendered_at" value=")\d+"/;
    expect(snippet).toMatch(renderedAt);
    expect(snippet.replace(renderedAt, '$1"')).toBe(`${expected.html.replace(renderedAt, '$1"')}\n`);
    expect(snippet).not.toContain('rel="stylesheet"');
  });
});

describe("renderCaseStudy's styles", () => {
  const assetsUrl = '/assets/redcliffe-case-study/0.1.0';
  const css = readFileSync(new URL('../../dist/redcliffe-case-study.css', import.meta.url), 'utf8');
  const firstChild = (html: string) => /<template shadowrootmode="open">(<[^>]*>)/.exec(html)?.[1];

  it("link (the default): the shadow root's first child links the stylesheet and names the version and view; no <style>", () => {
    expect(firstChild(story.html)).toBe(
      `<link rel="stylesheet" href="${assetsUrl}/redcliffe-case-study.css" data-rcs-version="${VERSION}" data-rcs-view="story">`,
    );
    expect(story.html).not.toContain('<style');
  });

  it('inline: one <style> first in the shadow root holding the stylesheet file to the letter, no link', () => {
    const { html, status } = renderCaseStudy({ path: '/case-study/redcliffe-labs', assetsUrl, styles: 'inline' });
    expect(status).toBe(200);
    expect(firstChild(html)).toBe(`<style data-rcs-version="${VERSION}" data-rcs-view="story">`);
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
    expect(styles).toEqual([css]);
    expect(html).not.toContain('rel="stylesheet"');
    // Everything else is the linked mode's HTML.
    const strip = (markup: string) =>
      markup.replace(/^(<redcliffe-case-study><template shadowrootmode="open">)<(link|style)[^>]*>(?:[^<]*<\/style>)?/, '$1').replace(/value="\d+"/, '');
    expect(strip(html)).toBe(strip(story.html));
  });

  it('inline: the 404 view names itself on the <style>', () => {
    const { html, status } = renderCaseStudy({ path: '/case-study/redcliffe-labs/nope', base: '/case-study/redcliffe-labs', assetsUrl, styles: 'inline' });
    expect(status).toBe(404);
    expect(firstChild(html)).toBe(`<style data-rcs-version="${VERSION}" data-rcs-view="not-found">`);
  });

  it("dist/integrity.json publishes the inline <style>'s CSP hash", () => {
    const { styleSrc } = JSON.parse(readFileSync(new URL('../../dist/integrity.json', import.meta.url), 'utf8')) as { styleSrc: string };
    const { html } = renderCaseStudy({ path: '/', assetsUrl, styles: 'inline' });
    const text = /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(styleSrc).toBe(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  });
});

describe('renderCaseStudy: the consent box in the form without JavaScript', () => {
  const words = 'Email me news about WhatsApp Calling.';
  const render = renderCaseStudy as (options: Parameters<Render>[0] & { privacyUrl?: string; consentText?: string }) => ReturnType<Render>;
  const html = render({
    path: '/case-study/redcliffe-labs',
    assetsUrl: '/assets/redcliffe-case-study/0.1.0',
    endpoint: 'https://leads.example.com/api/download-case-study/',
    privacyUrl: 'https://www.example.com/privacy',
    consentText: words,
    styles: 'inline',
  }).html;
  const form = html.slice(html.indexOf('<form'), html.indexOf('</form>'));

  it('is an unticked, optional box with its words, posting what the form showed', () => {
    expect(form).toMatch(
      /<label class="consent"><input type="checkbox" name="consent" value="yes"\/><span>Email me news about WhatsApp Calling.<\/span><\/label>/,
    );
    expect(form).toContain(`<input type="hidden" name="consent_text" value="${words}"/>`);
    expect(form).toMatch(/<input type="hidden" name="privacy_text" value="[^"]+"\/>/);
  });

  it('is styled by the stylesheet the server renders, not only by the dialog chunk', () => {
    expect(html).toMatch(/\.consent\s*\{/);
  });
});
