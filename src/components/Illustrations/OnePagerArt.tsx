import { Svg } from './Svg.js';

/**
 * The one-page case study the call to action offers: a page with a chart, and a download badge
 * (a check mark once the download started: `done`).
 * Lives in the call to action's lazy chunk, so its fixed colours are attributes here; the accent
 * is currentColor (the stylesheet sets it to --rcs-brand).
 */
export function OnePagerArt({ done = false }: { done?: boolean }) {
  return (
    <Svg viewBox="0 0 96 112" className="one-pager">
      <g fill="none" stroke="#e3e8e6" strokeLinecap="round" strokeLinejoin="round">
        <path fill="#fff" d="M8 2h56l22 22v78a8 8 0 0 1-8 8H8a8 8 0 0 1-8-8V10a8 8 0 0 1 8-8z" />
        <path fill="#e7f8ee" d="M64 2v22h22" />
        <path strokeWidth="4" d="M14 20h34M14 30h44M14 86h44M14 95h30" />
        <path stroke="currentColor" strokeWidth="8" d="M20 74V58M34 74V48M48 74V40M62 74V52" />
      </g>
      <circle fill="currentColor" cx="78" cy="94" r="16" />
      <path fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" d={done ? 'M71 94l5 5 9-10' : 'M78 86v15M72 95l6 6 6-6'} />
    </Svg>
  );
}
