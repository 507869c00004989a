import { version } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { CaseStudy } from './CaseStudy';
import { SecondStory } from './SecondStory';

// Which React runs the app (the test checks it is the one the build was made for).
document.documentElement.dataset.react = version;

// The second story's page shows docs/react.md's "Another story" (the `story` prop).
const App = location.pathname.startsWith('/case-study/northwind-clinics') ? SecondStory : CaseStudy;
const root = document.getElementById('root')!;
// Server-rendered HTML (the test's prerender of entry-server.tsx) is hydrated; otherwise rendered.
if (root.firstElementChild) hydrateRoot(root, <App />);
else createRoot(root).render(<App />);
