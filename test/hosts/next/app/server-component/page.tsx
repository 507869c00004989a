// A server component (no 'use client' here): the README says <RedcliffeCaseStudy> without callbacks
// can be rendered from one as is, because redcliffe-case-study/react is marked 'use client'.
import { RedcliffeCaseStudy } from 'redcliffe-case-study/react';

export default function ServerComponentPage() {
  return <RedcliffeCaseStudy base="/server-component" endpoint="/api/download-case-study" className="story" />;
}
