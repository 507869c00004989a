/**
 * The optional consent box under a download form, in the host's words (`consent-text`): never
 * ticked until the visitor ticks it. In the form without JavaScript it posts `consent=yes`.
 */
export function ConsentBox({ words, ticked, onTick }: { words: string; ticked?: boolean; onTick?(ticked: boolean): void }) {
  if (!words) return null;
  const state = onTick ? { checked: !!ticked, onChange: (event: { currentTarget: HTMLInputElement }) => onTick(event.currentTarget.checked) } : {};
  return (
    <label className="consent">
      <input type="checkbox" name="consent" value="yes" {...state} />
      <span>{words}</span>
    </label>
  );
}
