/** Fakes shared by the download unit tests: a time-out on fake timers and a scripted fetch. */
import { vi } from 'vitest';

/** AbortSignal.timeout runs on real time; this one runs on vitest's fake timers. */
export function fakeTimeout(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  return controller.signal;
}

type Step = number | 'network' | 'hang' | Response;

/** A fetch that answers each attempt from a script and records when and how it was called. */
export function scriptedFetch(steps: Step[]) {
  const calls: { at: number; url: string; init: RequestInit; headers: Headers }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    calls.push({ at: Date.now(), url, init, headers: new Headers(init.headers) });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)]!;
    if (step === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (step === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    }
    return Promise.resolve(typeof step === 'number' ? new Response(step === 200 ? '{"pdf_url":"/a.pdf"}' : 'no', { status: step }) : step.clone());
  });
  return { fetch, calls };
}
