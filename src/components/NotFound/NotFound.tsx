import { contentLanguage, notFound } from '../../shared/content.js';

/** The spec's 404 page, with a way back to the story (at `storyHref`, the base) beside "Return to Home". */
export function NotFound({ storyHref }: { storyHref: string }) {
  return (
    // An article, not <main>: the element sits inside the host page's own <main>.
    <article className="not-found" {...contentLanguage}>
      <h1 className="not-found__code">{notFound.heading}</h1>
      <p className="not-found__text">{notFound.text}</p>
      <a className="button button--primary" href="/">
        {notFound.home}
      </a>
      <a className="button button--secondary" href={storyHref}>
        {notFound.story}
      </a>
    </article>
  );
}
