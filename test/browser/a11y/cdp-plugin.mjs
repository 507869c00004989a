import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Test-runner commands for the accessibility tests that need more than @web/test-runner-commands
 * offers, all through the page's own Chrome DevTools Protocol session (puppeteer-core, no other
 * browser): viewport screenshots for pixel sampling, emulated media features (forced colours),
 * the browser's default font size, printing to PDF (read back with poppler's pdfinfo/pdftotext),
 * real touch and wheel input, the accessibility tree, and failing chosen requests.
 */
export function a11yCommands() {
  const sessions = new WeakMap();
  const cdp = async (page) => {
    if (!sessions.has(page)) sessions.set(page, await page.createCDPSession());
    return sessions.get(page);
  };

  const commands = {
    /** The viewport as a PNG (base64); the test crops it with getBoundingClientRect coordinates. */
    async 'a11y-screenshot'(page) {
      const client = await cdp(page);
      const { data } = await client.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: false });
      return data;
    },
    async 'a11y-media'(page, { features = [], media = '' }) {
      await (await cdp(page)).send('Emulation.setEmulatedMedia', { media, features });
      return true;
    },
    /** The visitor's default font size (chrome://settings/fonts), in px. */
    async 'a11y-font-size'(page, { standard }) {
      await (await cdp(page)).send('Page.setFontSizes', { fontSizes: { standard, fixed: Math.round(standard * 0.8125) } });
      return true;
    },
    /**
     * Print the page (A4 unless `format` says Letter, as a visitor's Ctrl+P would, without
     * background graphics). With `words`, also every word's box on each page (pdftotext -bbox).
     */
    async 'a11y-pdf'(page, { format = 'A4', words = false } = {}) {
      const dir = await mkdtemp(join(tmpdir(), 'rcs-print-'));
      try {
        const file = join(dir, 'print.pdf');
        await writeFile(file, await page.pdf({ format, printBackground: false }));
        if (words) {
          const { stdout: info } = await run('pdfinfo', [file]);
          const size = /^Page size:\s+([\d.]+) x ([\d.]+)/m.exec(info);
          const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
          const pages = stdout
            .split(/<page /)
            .slice(1)
            .map((chunk) =>
              [...chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
                x0: Number(m[1]),
                y0: Number(m[2]),
                x1: Number(m[3]),
                y1: Number(m[4]),
                text: m[5],
              })),
            );
          return { width: Number(size[1]), height: Number(size[2]), pages };
        }
        const { stdout: info } = await run('pdfinfo', [file]);
        const pages = Number(/^Pages:\s+(\d+)/m.exec(info)[1]);
        const texts = [];
        for (let i = 1; i <= pages; i++) {
          const { stdout } = await run('pdftotext', ['-layout', '-f', String(i), '-l', String(i), file, '-']);
          texts.push(stdout);
        }
        return { pages, texts };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    /** One real touch event (touchStart / touchMove / touchEnd) through the browser's input pipeline. */
    async 'a11y-touch'(page, { type, x, y }) {
      const client = await cdp(page);
      const touchPoints = type === 'touchEnd' ? [] : [{ x, y, id: 1, radiusX: 1, radiusY: 1, force: 1 }];
      await client.send('Input.dispatchTouchEvent', { type, touchPoints });
      return true;
    },
    async 'a11y-touch-emulation'(page, { enabled }) {
      await (await cdp(page)).send('Emulation.setTouchEmulationEnabled', { enabled, maxTouchPoints: enabled ? 1 : undefined });
      return true;
    },
    /** A mouse wheel turn at (x, y). */
    async 'a11y-wheel'(page, { x, y, deltaY }) {
      await (await cdp(page)).send('Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX: 0, deltaY });
      return true;
    },
    /** The accessibility tree (every node) of the first <redcliffe-case-study> on the page. */
    async 'a11y-tree'(page) {
      const host = await page.$('redcliffe-case-study');
      return page.accessibility.snapshot({ root: host, interestingOnly: false });
    },
    /** Fail the next `times` requests whose URL matches `pattern` (a CDP Fetch URL pattern). */
    async 'a11y-fail-requests'(page, { pattern, times }) {
      const client = await cdp(page);
      let left = times;
      const failed = [];
      const onPaused = async ({ requestId, request }) => {
        if (left > 0) {
          left--;
          failed.push(request.url);
          await client.send('Fetch.failRequest', { requestId, errorReason: 'ConnectionRefused' });
        } else {
          await client.send('Fetch.continueRequest', { requestId });
        }
      };
      client.removeAllListeners('Fetch.requestPaused');
      client.on('Fetch.requestPaused', onPaused);
      await client.send('Fetch.enable', { patterns: [{ urlPattern: pattern }] });
      return true;
    },
    async 'a11y-stop-failing'(page) {
      const client = await cdp(page);
      client.removeAllListeners('Fetch.requestPaused');
      await client.send('Fetch.disable');
      return true;
    },
  };

  return {
    name: 'a11y-commands',
    async executeCommand({ command, payload, session }) {
      const handler = commands[command];
      if (!handler) return undefined;
      return handler(session.browser.getPage(session.id), payload ?? {});
    },
  };
}
