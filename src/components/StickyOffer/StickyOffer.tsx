import { useRef, useState, type KeyboardEvent } from 'react';
import { offerWords } from '../../shared/content/offer.js';
import { offer as defaultOffer, titles as defaultTitles } from '../../shared/story/stories/redcliffe-labs.json';
import { useStoryPart } from '../App/story-context.js';
import { useCoverAddress } from '../Cover/useCoverAddress.js';

interface Props {
  onDownload(): void;
}

/**
 * The offer that stays in reach while the story is read: a rail beside the sections on a wide
 * container, a slim bar at the bottom of the screen on a narrow one (styles: sticky-offer.styles.ts).
 * It is the last item of the below-hero block, sticky inside it, so it shows only after the hero and
 * before the call to action, and its own row at the block's end keeps the last lines uncovered.
 * The rail shows the one-pager's cover above its title (decorative: the title names the offer); the
 * bar has no room for it.
 * The cross (or Escape inside it) hides it for this page view; focus then rests on a short note in
 * its place, which says where the download still is, so keyboard users keep their place.
 */
export function StickyOffer({ onDownload }: Props) {
  const offer = useStoryPart('offer', defaultOffer);
  const titles = useStoryPart('titles', defaultTitles);
  const cover = useCoverAddress();
  const [hidden, setHidden] = useState(false);
  const note = useRef<HTMLParagraphElement>(null);
  const dismiss = () => {
    setHidden(true);
    // After the commit the note exists: focus it without scrolling the page.
    requestAnimationFrame(() => note.current?.focus({ preventScroll: true }));
  };
  if (hidden) {
    return (
      <p ref={note} className="visually-hidden offer-note" tabIndex={-1}>
        {offerWords.dismissed}
      </p>
    );
  }
  return (
    <div
      className="offer"
      role="group"
      aria-labelledby="offer-title"
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') dismiss();
      }}
    >
      <div className="offer__card">
        {cover && <img className="offer__cover" src={cover} alt="" width="360" height="509" loading="lazy" decoding="async" />}
        <p className="offer__title" id="offer-title">
          {titles.cta}
        </p>
        <p className="offer__text">{offer.text}</p>
        <button type="button" className="button button--primary offer__button" onClick={onDownload}>
          {offer.button}
        </button>
        <button type="button" className="offer__dismiss" onClick={dismiss}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
          <span className="visually-hidden">{offerWords.dismiss}</span>
        </button>
      </div>
    </div>
  );
}
