import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StoryContext } from '../../src/components/App/story-context.js';
import { AssetsBase } from '../../src/components/App/AssetsBase.js';
import type { Story } from '../../src/shared/story/story.generated.js';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json';

/**
 * The one-pager's cover in the download dialog (useCoverAddress): beside the intro, the story's
 * `pdf.cover` when it is a safe address, the packaged cover for the default story, and no image
 * and no empty box otherwise.
 */
const { default: DownloadDialog } = await import('../../src/components/DownloadDialog/DownloadDialog.js');
const dialog = createElement(DownloadDialog, { host: {} as Element, open: false, onClose: () => {} });
const render = (story: Story | null, assetsBase: string | null = null) =>
  renderToStaticMarkup(createElement(AssetsBase.Provider, { value: assetsBase }, createElement(StoryContext.Provider, { value: story }, dialog)));
const other = (pdf?: Story['pdf']): Story => ({ ...(defaultStory as Story), id: 'northwind-clinics', ...(pdf ? { pdf } : {}) });

describe('the dialog’s cover', () => {
  it('shows a story’s own cover beside the intro, as an A4 page, for a relative or http(s) address', () => {
    for (const url of ['/assets/one-pager-cover.png', 'https://cdn.example/cover.webp']) {
      const html = render(other({ cover: url }));
      expect(html).toContain(`<img class="download__cover" src="${url}" alt="" width="84" height="119"`);
      expect(html.indexOf('download__cover')).toBeLessThan(html.indexOf('id="download-intro"'));
    }
  });

  it('shows the packaged cover for the default story, from the server’s assets folder', () => {
    expect(render(null, 'https://cdn.example/dist')).toContain('src="https://cdn.example/dist/Leaflet_Case_Study_One_Pager.jpg"');
  });

  it('renders no image and no empty box without one, or for an unsafe address', () => {
    expect(render(other())).not.toContain('<img');
    expect(render(other({ url: 'https://cdn.example/other.pdf' }))).not.toContain('<img');
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png']) {
      expect(render(other({ cover: url }))).not.toContain('<img');
    }
  });
});
