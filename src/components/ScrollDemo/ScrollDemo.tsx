import { anchors, scrollDemo } from '../../shared/content.js';
import { TOP } from '../../lib/scroll.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { extendCaseStudySheet } from '../../styles/sheet.js';
import { scrollDemoStyles } from './scroll-demo.styles.js';

// This chunk's styles join the shared sheet when it loads (not in the initial bundle).
extendCaseStudySheet(scrollDemoStyles);

export interface ScrollDemoProps {
  onJump(id: string): void;
}

/** "Jump to" navigation (a lazy chunk): one button per known anchor and one back to the top. */
export default function ScrollDemo({ onJump }: ScrollDemoProps) {
  return (
    // One landmark: the navigation is named by the title; the section around it stays unnamed (no region).
    <FadeInSection className="jump">
      <nav aria-labelledby="jump-title">
        <h2 className="jump__title" id="jump-title">
          {scrollDemo.title}
        </h2>
        <ul className="jump__list">
          {anchors.map((anchor) => (
            <li key={anchor.id}>
              <button type="button" className="button button--chip" onClick={() => onJump(anchor.id)}>
                {anchor.label}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="button button--chip button--ghost" onClick={() => onJump(TOP)}>
              {scrollDemo.backToTop}
            </button>
          </li>
        </ul>
      </nav>
    </FadeInSection>
  );
}
