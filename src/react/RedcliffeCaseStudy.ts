/**
 * `<RedcliffeCaseStudy>`: the element as a React component, rendered by the host app's own React
 * (18 or 19, client or server). Attributes are rendered as attributes, so the server HTML already
 * carries them; the three events are attached with `addEventListener` in an effect, so they work
 * in React 18 (which ignores event props on custom elements) and after hydration in React 19
 * (react/react#35446). Modelled on `@lit/react`'s `createComponent`, written out for one element.
 */
import {
  createElement,
  forwardRef,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type ForwardedRef,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { ATTRIBUTE_OF_PROP, type RedcliffeCaseStudyAttributeProps } from '../attributes.generated.js';
import type { CaseStudyEventMap } from '../events.js';
import type { RedcliffeCaseStudyElement, Story } from '../types.js';

type Listener<K extends keyof CaseStudyEventMap> = (event: CaseStudyEventMap[K]) => void;

/**
 * Props of `<RedcliffeCaseStudy>`: every attribute of the element, camel-cased (generated from
 * custom-elements.json, src/attributes.generated.ts), and its three events. Other HTML attributes
 * (`className`, `id`, `style`, `hidden`, `data-*`, `aria-*`) pass through to the element.
 */
export interface RedcliffeCaseStudyProps extends HTMLAttributes<RedcliffeCaseStudyElement>, RedcliffeCaseStudyAttributeProps {
  /** `case-study-submit`: a valid form is being sent (`event.detail.endpoint`). */
  onCaseStudySubmit?: Listener<'case-study-submit'>;
  /** `case-study-download`: the PDF was saved or opened (`event.detail.pdfUrl`). */
  onCaseStudyDownload?: Listener<'case-study-download'>;
  /** `case-study-error`: the submission or the download failed (`event.detail.message`). */
  onCaseStudyError?: Listener<'case-study-error'>;
  /**
   * The story to show, as an object (a story file's contents, `Story` from the schema): set as the
   * element's `story` property, before `src`. Absent: `src`'s story, or the default one.
   */
  story?: Story | undefined;
  /** Fallback content, shown until the element upgrades (for example a link to the PDF). */
  children?: ReactNode;
}

/**
 * Before the browser paints, so the element never shows another story first; a plain effect on
 * the server, where neither runs (React 18 warns about a layout effect there).
 */
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** Adds `listener` for `type` on the element while both exist; swaps it when the prop changes. */
function useCaseStudyEvent<K extends keyof CaseStudyEventMap>(
  element: RefObject<RedcliffeCaseStudyElement | null>,
  type: K,
  listener: Listener<K> | undefined,
): void {
  useEffect(() => {
    const node = element.current;
    if (!node || !listener) return undefined;
    node.addEventListener(type, listener);
    return () => node.removeEventListener(type, listener);
  }, [element, type, listener]);
}

function setRef<T>(ref: ForwardedRef<T>, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * `<redcliffe-case-study>` for React 18 and 19. `ref` reaches the element
 * (`ref.current.openDownload()`, `ref.current.scrollToSection('cta')`).
 */
export const RedcliffeCaseStudy = forwardRef<RedcliffeCaseStudyElement, RedcliffeCaseStudyProps>(function RedcliffeCaseStudy(
  { onCaseStudySubmit, onCaseStudyDownload, onCaseStudyError, className, children, story, ...props },
  ref,
) {
  const element = useRef<RedcliffeCaseStudyElement | null>(null);
  const setElement = useCallback(
    (node: RedcliffeCaseStudyElement | null) => {
      element.current = node;
      setRef(ref, node);
    },
    [ref],
  );

  useCaseStudyEvent(element, 'case-study-submit', onCaseStudySubmit);
  useCaseStudyEvent(element, 'case-study-download', onCaseStudyDownload);
  useCaseStudyEvent(element, 'case-study-error', onCaseStudyError);

  // An object cannot be an attribute: the story goes to the element's property (in React 18 too,
  // which sets no properties on custom elements), once it is in the page and before it paints.
  const storyGiven = useRef(false);
  useBeforePaint(() => {
    const node = element.current;
    if (!node || (story === undefined && !storyGiven.current)) return;
    storyGiven.current = story !== undefined;
    node.story = story;
  }, [story]);

  // Only the attributes given: an absent one keeps the element's default. Rendered as attributes
  // (strings), which React 18, React 19 and both servers all write the same way. `className`
  // goes out as `class`: React 18 would write a `classname` attribute on a custom element.
  const attributes: Record<string, string> = {};
  const rest: Record<string, unknown> = { ...props };
  if (className !== undefined) attributes.class = className;
  for (const [prop, attribute] of Object.entries(ATTRIBUTE_OF_PROP)) {
    const value = rest[prop];
    delete rest[prop];
    // A boolean attribute (defer-hydration) is present as '' or absent.
    if (typeof value === 'boolean') {
      if (value) attributes[attribute] = '';
    } else if (value !== undefined) attributes[attribute] = String(value);
  }

  return createElement('redcliffe-case-study', { ...rest, ...attributes, ref: setElement }, children);
});
RedcliffeCaseStudy.displayName = 'RedcliffeCaseStudy';
