/**
 * How the element's public methods reach the React tree rendered in its shadow root.
 * The tree registers its controls for its host; a call made before the tree has mounted
 * is remembered and replayed when it registers.
 */
export interface HostControls {
  openDownload(): void;
}

const controls = new WeakMap<Element, HostControls>();
const pendingOpen = new WeakSet<Element>();

export function registerControls(host: Element, value: HostControls): () => void {
  controls.set(host, value);
  if (pendingOpen.delete(host)) value.openDownload();
  return () => {
    if (controls.get(host) === value) controls.delete(host);
  };
}

export function requestOpenDownload(host: Element): void {
  const target = controls.get(host);
  if (target) target.openDownload();
  else pendingOpen.add(host);
}
