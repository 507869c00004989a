import { contentLanguage } from '../../shared/content.js';

/**
 * In the element's own box, in place of a story given by `src` or `story`: "Loading..." while it
 * comes, a short alert when it cannot be shown (the console says why), and nothing else of the page touched.
 */
export function StoryStatus({ text, failed }: { text: string; failed?: boolean }) {
  return (
    <article className="not-found" {...contentLanguage}>
      <p className="not-found__text" role={failed ? 'alert' : 'status'}>
        {text}
      </p>
    </article>
  );
}
