import { drawings as defaultDrawings } from '../../shared/story/stories/redcliffe-labs.json';
import { useStoryPart } from '../App/story-context.js';
import { HANDSET } from './paths.js';
import { Svg } from './Svg.js';

/**
 * The product in one picture, on the After side of the hero: a chat bubble holding a voice call in
 * progress. Decorative — the After list says the same in text.
 */
export function InChatCall() {
  const { call } = useStoryPart('drawings', defaultDrawings);
  return (
    <Svg viewBox="0 0 264 84" className="call-card">
      <path className="call-card__bubble" d="M14 2h236a12 12 0 0 1 12 12v44a12 12 0 0 1-12 12h-4l4 12-20-12H14A12 12 0 0 1 2 58V14A12 12 0 0 1 14 2z" />
      <circle className="call-card__dot" cx="38" cy="36" r="20" />
      <path className="call-card__phone" d={HANDSET} transform="translate(26 24)" />
      <text className="call-card__title" x="70" y="32">
        {call.title}
      </text>
      <text className="call-card__caption" x="70" y="52">
        {call.caption}
      </text>
      <path className="call-card__wave" d="M224 30v12M231 24v24M238 31v10M245 27v18" />
    </Svg>
  );
}
