import { contentLanguage, notFound } from '../../shared/content.js';

export function NotFound() {
  return (
    // An article, not <main>: the element sits inside the host page's own <main>.
    <article className="not-found" {...contentLanguage}>
      <h1 className="not-found__code">{notFound.heading}</h1>
      <p className="not-found__text">{notFound.text}</p>
      <a className="button button--primary" href="/">
        {notFound.home}
      </a>
    </article>
  );
}
