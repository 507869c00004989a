/**
 * A third story, not one in the repository: made up by the tests from the demo's sample, every
 * customer word its own. test/unit/story.test.ts renders it on the server and as its PDF;
 * test/browser/element/story-src.test.js shows it from `src` (served by test/browser/element/story-fixtures.mjs).
 * `sample` is demo/stories/northwind-clinics.json, passed in (Node and the browser read JSON differently).
 */

/** Words only the default story has: none may show in another story's page or PDF. */
export const REDCLIFFE_WORDS = ['Redcliffe', 'Ananya', 'WhatsApp Business', 'diagnostics'];

/** The third story; `images` adds the customer's logo and the quoted person's photo (addresses as given). */
export function thirdStory(sample, images = {}) {
  const story = structuredClone(sample);
  delete story.$schema;
  story.id = 'quillfeather-books';
  story.page = { title: 'Quillfeather Books customer story', description: 'An invented bookshop, written by the test suite.' };
  story.customer = { name: 'Quillfeather Books', ...(images.logo ? { logo: images.logo } : {}) };
  story.hero.headline = 'Quillfeather Books Answers Readers Twice as Fast';
  story.hero.lede = 'An invented bookshop, written by the test suite.';
  story.testimonial.quote = 'Readers ask in the chat and we call them back from it.';
  story.testimonial.person = { name: 'Morgan Quill', title: 'Owner', ...(images.photo ? { photo: images.photo } : {}) };
  story.drawings.call.caption = 'Quillfeather shop desk';
  return story;
}
