import { renderToString } from 'react-dom/server';
import { CaseStudy } from './CaseStudy';

/** The app's HTML as the server renders it, with the app's own React. */
export const render = (): string => renderToString(<CaseStudy />);
