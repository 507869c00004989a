import { version } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { CaseStudy } from './CaseStudy';

// Which React runs the app (the test checks it is the one the build was made for).
document.documentElement.dataset.react = version;

const root = document.getElementById('root')!;
// Server-rendered HTML (the test's prerender of entry-server.tsx) is hydrated; otherwise rendered.
if (root.firstElementChild) hydrateRoot(root, <CaseStudy />);
else createRoot(root).render(<CaseStudy />);
