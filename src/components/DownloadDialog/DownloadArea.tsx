interface Props {
  host: Element;
  open: boolean;
  onClose(): void;
  endpoint?: string;
  formUrl?: string;
}

/** Placeholder until the gated download lands (issue 3). */
export function DownloadArea(_props: Props) {
  return null;
}
