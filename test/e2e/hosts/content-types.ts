import path from 'node:path';

/** The content types the stand-in hosts and CDNs of the end-to-end tests serve files with. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.map': 'application/json',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

/** A file's content type, by its extension. */
export const contentType = (file: string): string => CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
