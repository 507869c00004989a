import { anchors } from '../../shared/content.js';
import { jumpNav } from '../../shared/content/jump-nav.js';
import { titles as defaultTitles } from '../../shared/story/stories/redcliffe-labs.json';
import { useStoryPart } from '../App/story-context.js';
import { TOP } from '../../lib/constants.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { extendCaseStudySheet } from '../../styles/sheet.js';
import { jumpNavStyles } from './jump-nav.styles.js';

// This chunk's styles join the shared sheet when it loads (not in the initial bundle).
extendCaseStudySheet(jumpNavStyles);

export interface JumpNavProps {
  onJump(id: string): void;
}

/**
 * JumpNav, "Jump to a section" (a lazy chunk): one button per known anchor and one back to the top.
 * The spec calls this the scroll demo section.
 */
export default function JumpNav({ onJump }: JumpNavProps) {
  const titles = useStoryPart('titles', defaultTitles);
  return (
    // One landmark: the navigation is named by the title; the section around it stays unnamed (no region).
    <FadeInSection className="jump-nav">
      <nav aria-labelledby="jump-nav-title">
        <h2 className="jump-nav__title" id="jump-nav-title">
          {jumpNav.title}
        </h2>
        <ul className="jump-nav__list">
          {anchors.map((anchor) => (
            <li key={anchor.id}>
              <button type="button" className="button button--chip" onClick={() => onJump(anchor.id)}>
                {titles[anchor.title]}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="button button--chip button--ghost" onClick={() => onJump(TOP)}>
              {jumpNav.backToTop}
            </button>
          </li>
        </ul>
      </nav>
    </FadeInSection>
  );
}
