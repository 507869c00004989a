/**
 * The published types under `tsc --strict` with skipLibCheck off (our .d.ts checked too), each
 * consumer with only the typings its docs say to install.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumer, docBlock, STRICT } from './consumer.js';

describe('tsc --strict, skipLibCheck off', () => {
  it('a DOM consumer without @types/react: the element, its methods and events typed', async () => {
    const app = consumer('types-dom');
    expect(existsSync(app.at('node_modules/@types/react'))).toBe(false);
    app.write(
      'src/dom.ts',
      `import 'redcliffe-case-study';
import type { RedcliffeCaseStudyElement, CaseStudyDownloadDetail } from 'redcliffe-case-study';

const el = document.querySelector('redcliffe-case-study')!;
const typed: RedcliffeCaseStudyElement = el;
el.base = '/x';
el.endpoint = '/api';
el.formUrl = '';
el.base = null; // removes the attribute
const base: string = el.base;
el.openDownload();
el.scrollToSection('cta');
el.scrollToSection('top');
el.addEventListener('case-study-submit', (event) => {
  const endpoint: string = event.detail.endpoint;
  void endpoint;
});
el.addEventListener('case-study-download', (event) => {
  const detail: CaseStudyDownloadDetail = event.detail;
  void detail.pdfUrl;
});
document.body.addEventListener('case-study-error', (event) => void event.detail.message);
// The events bubble and are composed, so document and window hear them.
document.addEventListener('case-study-download', (e) => e.detail.pdfUrl);
window.addEventListener('case-study-submit', (event) => {
  const endpoint: string = event.detail.endpoint;
  void endpoint;
});
// @ts-expect-error -- detail of case-study-download has no message
document.addEventListener('case-study-download', (e) => e.detail.message);
const created = document.createElement('redcliffe-case-study');
created.openDownload();
// @ts-expect-error -- not a method of the element
el.fooBar();
// @ts-expect-error -- the base is a string
el.base = 42;
// @ts-expect-error -- detail of case-study-submit has no pdfUrl
el.addEventListener('case-study-submit', (event) => event.detail.pdfUrl);
void typed;
void base;
`,
    );
    app.write('src/readme-events.ts', await docBlock('element.md', '## Events', 'ts'));
    const { ok, output } = app.tsc('tsconfig.dom.json', STRICT, ['src/dom.ts', 'src/readme-events.ts']);
    expect(ok, output).toBe(true);
  });

  it('rejects an unknown method (a file that must fail)', () => {
    const app = consumer('types-unknown');
    app.write('src/unknown-method.ts', "import 'redcliffe-case-study';\ndocument.querySelector('redcliffe-case-study')!.fooBar();\n");
    const { ok, output } = app.tsc('tsconfig.unknown.json', STRICT, ['src/unknown-method.ts']);
    expect(ok).toBe(false);
    expect(output).toMatch(/TS2339: Property 'fooBar' does not exist on type 'RedcliffeCaseStudyElement'/);
  });

  it('React 19 JSX: <RedcliffeCaseStudy> (the example of docs/react.md) and the bare <redcliffe-case-study> tag', async () => {
    const app = consumer('types-react');
    app.link('@types/react', 'csstype');
    app.write(
      'src/app.tsx',
      `import 'redcliffe-case-study/react';
import { useRef } from 'react';
import type { RedcliffeCaseStudyElement } from 'redcliffe-case-study';

export function Story() {
  const ref = useRef<RedcliffeCaseStudyElement>(null);
  return (
    <>
      <redcliffe-case-study base="/x" endpoint="/api" form-url="" />
      <redcliffe-case-study
        ref={ref}
        className="story"
        id="story"
        oncase-study-download={(event) => console.log(event.detail.pdfUrl)}
        oncase-study-submit={(event) => console.log(event.detail.endpoint)}
      >
        <a href="/case-study.pdf">Download the one-pager (PDF)</a>
      </redcliffe-case-study>
      {/* @ts-expect-error -- not an attribute of the element */}
      <redcliffe-case-study bsae="/typo" />
      <button onClick={() => ref.current?.openDownload()}>Download</button>
    </>
  );
}
`,
    );
    app.write('src/readme-react.tsx', await docBlock('react.md', '## React 18 and 19, Next.js', 'tsx'));
    app.write('src/readme-react-story.tsx', await docBlock('react.md', '### Another story', 'tsx'));
    app.write('src/stories/northwind-clinics.json', readFileSync(join(import.meta.dirname, '../../demo/stories/northwind-clinics.json'), 'utf8'));
    app.write(
      'src/component.tsx',
      `import { createRef, useCallback } from 'react';
import { RedcliffeCaseStudy, TAG, VERSION, type RedcliffeCaseStudyElement, type RedcliffeCaseStudyProps, type Story } from 'redcliffe-case-study/react';

declare const story: Story;

export function WithComponent() {
  const ref = createRef<RedcliffeCaseStudyElement>();
  const onDownload = useCallback((event: CustomEvent<{ pdfUrl: string }>) => console.log(event.detail.pdfUrl), []);
  const props: RedcliffeCaseStudyProps = { base: '/x', formUrl: '' };
  return (
    <>
      <RedcliffeCaseStudy {...props} />
      <RedcliffeCaseStudy
        ref={ref}
        base="/x"
        endpoint="/api"
        formUrl="https://forms.example.com/l/1"
        id="story"
        className="story"
        style={{ minHeight: '100vh' }}
        data-section="story"
        onCaseStudyDownload={onDownload}
        onCaseStudySubmit={(event) => console.log(event.detail.endpoint)}
        onCaseStudyError={(event) => console.log(event.detail.message)}
      >
        <a href="/case-study.pdf">Download the one-pager (PDF)</a>
      </RedcliffeCaseStudy>
      <RedcliffeCaseStudy ref={(element) => element?.scrollToSection('cta')} />
      {/* @ts-expect-error -- not a prop of the component */}
      <RedcliffeCaseStudy bsae="/typo" />
      {/* @ts-expect-error -- detail of case-study-download has no message */}
      <RedcliffeCaseStudy onCaseStudyDownload={(event: CustomEvent<{ message: string }>) => event.detail.message} />
      {/* @ts-expect-error -- base is a string */}
      <RedcliffeCaseStudy base={42} />
      <RedcliffeCaseStudy story={story} />
      <RedcliffeCaseStudy story={undefined} src="/stories/northwind-clinics.json" />
      {/* @ts-expect-error -- a story is an object of the schema's shape */}
      <RedcliffeCaseStudy story={{ id: 'x' }} />
      {/* @ts-expect-error -- a story's id is a string */}
      <RedcliffeCaseStudy story={{ ...story, id: 42 }} />
      <p>{TAG} {VERSION}</p>
    </>
  );
}
`,
    );
    const { ok, output } = app.tsc('tsconfig.react.json', { ...STRICT, jsx: 'react-jsx', types: ['react'], resolveJsonModule: true }, [
      'src/app.tsx',
      'src/component.tsx',
      'src/readme-react.tsx',
      'src/readme-react-story.tsx',
    ]);
    expect(ok, output).toBe(true);
  });

  // docs/server.md: a Node app installs the package (and a driver); for TypeScript, @types/node.
  const SERVER = { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023'], types: ['node'] };

  it('`redcliffe-case-study/server` with @types/node alone: no Hono, pg or driver typings needed', () => {
    const app = consumer('types-server');
    app.link('@types/node', 'undici-types');
    for (const name of ['hono', '@hono/node-server', 'pg', '@types/pg', 'better-sqlite3', '@types/better-sqlite3']) {
      expect(existsSync(app.at(`node_modules/${name}`)), `${name} present`).toBe(false);
    }
    app.write(
      'server.ts',
      `import { createServer } from 'node:http';
import {
  createLeadHandler,
  createMemoryStore,
  createPostgresStore,
  createSqliteStore,
  leadsToCsv,
  openDefaultStore,
  toNodeListener,
  type LeadStore,
  type PostgresStore,
} from 'redcliffe-case-study/server';

const store: LeadStore = process.env.DATABASE_URL ? await openDefaultStore() : await createSqliteStore();
const handler = createLeadHandler({ pdfUrl: '/case-study.pdf', store, corsOrigins: ['https://www.example.com'] });
createServer(toNodeListener(handler)).listen(8787);
const postgres: PostgresStore = await createPostgresStore({ connectionString: 'postgres://localhost/leads' });
await postgres.pool.end();
for await (const part of leadsToCsv(createMemoryStore().exportLeads())) process.stdout.write(part);
// @ts-expect-error -- pdfUrl is required
createLeadHandler({ store });
`,
    );
    const { ok, output } = app.tsc('tsconfig.server.json', SERVER, ['server.ts']);
    expect(ok, output).toBe(true);
    // Only what the entry's declaration reaches is published: no declaration names a bundled
    // package (hono and co.) that a consumer does not have.
    const types = app.installed('dist/server/types');
    const named = readdirSync(types, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.d.ts'))
      .flatMap((file) => [...readFileSync(join(types, file), 'utf8').matchAll(/from ['"]([^'".][^'"]*)['"]/g)].map((match) => `${file}: ${match[1]}`))
      .filter((entry) => !/: node:/.test(entry));
    expect(named).toEqual([]);
  });

  it("a PostgreSQL app passes its own pg Pool to createPostgresStore (with pg's typings)", () => {
    const app = consumer('types-pg');
    app.link('@types/node', 'undici-types', '@types/pg', 'pg-types', 'pg-protocol');
    app.write(
      'pg.ts',
      `import pg from 'pg';
import { createPostgresStore } from 'redcliffe-case-study/server';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const store = await createPostgresStore({ pool });
await store.close();
await pool.end();
`,
    );
    const { ok, output } = app.tsc('tsconfig.pg.json', SERVER, ['pg.ts']);
    expect(ok, output).toBe(true);
  });
});
