/** `serve`'s page at `/`: the snippet to paste, a copy button and a live preview. */
import { escapeAttribute } from '../../src/shared/html.js';
import { colors } from '../../src/shared/theme.js';
import { BASE_STYLE, cspHash, htmlResponse } from '../respond.js';

const STYLE = `${BASE_STYLE}
header, section { max-width: 60em; margin: 0 auto; padding: 1.5em 1.25em; }
h1 { font-size: 1.6em; line-height: 1.25; margin: 0 0 .5em; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 1em; border: 1px solid ${colors.fieldBorder}; border-radius: .6em; background: ${colors.brandSoft}; }
`;

const SCRIPT = `document.getElementById('copy').addEventListener('click', async () => {
  const status = document.getElementById('copied');
  try { await navigator.clipboard.writeText(document.getElementById('snippet').textContent); status.textContent = 'Copied.'; }
  catch { status.textContent = 'Select the text above and copy it.'; }
});`;

export async function startPage({ snippet, origin, corsOrigins }: { snippet: string; origin: string; corsOrigins: string[] }): Promise<Response> {
  const e = escapeAttribute;
  const sites = corsOrigins.length
    ? `Pages on ${corsOrigins.map((site) => `<code>${e(site)}</code>`).join(', ')} may send leads here.`
    : 'No site may send leads here from the browser yet: set <code>CORS_ORIGINS</code> to the origins of the sites that embed the element.';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Redcliffe Labs case study: lead server</title><style>${STYLE}</style></head><body>
<header><h1>Lead server for the Redcliffe Labs case study</h1><p>This server stores the leads from <code>&lt;redcliffe-case-study&gt;</code> and serves its files. ${sites}</p></header>
<section aria-labelledby="paste"><h2 id="paste">Paste this into your page</h2><p>In WordPress: a Custom HTML block. Paste it unedited.</p>
<pre id="snippet">${e(snippet)}</pre><p><button id="copy" type="button">Copy the snippet</button> <span id="copied" role="status"></span></p></section>
<section aria-labelledby="preview"><h2 id="preview">Preview</h2><p>The element below is the snippet, running from this server. A download sent here is a real lead.</p>
${snippet}
</section><script>${SCRIPT}</script></body></html>`;
  const csp = [
    "default-src 'none'",
    `script-src ${origin} ${await cspHash(SCRIPT)}`,
    `style-src ${origin} ${await cspHash(STYLE)}`,
    `img-src ${origin} data:`,
    `connect-src ${origin}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
  ].join('; ');
  return htmlResponse(html, 200, { 'Content-Security-Policy': csp, 'Referrer-Policy': 'strict-origin-when-cross-origin' });
}
