import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/**
 * The download dialog's slot for the one-pager's cover (the `coverUrl` prop, which the cover made
 * at build time fills): an image beside the intro when given a safe address, nothing otherwise.
 */
const { default: DownloadDialog } = await import('../../src/components/DownloadDialog/DownloadDialog.js');
const render = (coverUrl?: string) => renderToStaticMarkup(createElement(DownloadDialog, { host: {} as Element, open: false, onClose: () => {}, coverUrl }));

describe('the dialog’s cover slot', () => {
  it('shows the cover beside the intro, as an A4 page, for a relative or http(s) address', () => {
    for (const url of ['/assets/one-pager-cover.png', 'https://cdn.example/cover.webp']) {
      const html = render(url);
      expect(html).toContain(`<img class="download__cover" src="${url}" alt="" width="84" height="119"`);
      expect(html.indexOf('download__cover')).toBeLessThan(html.indexOf('id="download-intro"'));
    }
  });

  it('renders no image and no empty box without one, or for an unsafe address', () => {
    for (const url of [undefined, '', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png']) {
      expect(render(url)).not.toContain('<img');
    }
  });
});
