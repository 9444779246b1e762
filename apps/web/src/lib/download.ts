import { errorMessageOf } from '@app/contracts';
import { ApiError } from './api.ts';

/** The file name of a Content-Disposition header (filename*=UTF-8'' first, then filename="…"), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/**
 * Downloads a file the server generates (a PDF) with the session's cookie, and saves it under the name the server
 * gives (else `fallbackName`). A refusal throws an ApiError carrying the server's French message, as callApi does.
 */
export async function downloadFrom(url: string, fallbackName: string, options: { accept?: string; signal?: AbortSignal } = {}) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: options.accept ?? 'application/pdf' },
      signal: options.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({ status: 0, code: 'NETWORK', message: errorMessageOf(null, e instanceof Error ? e.message : undefined) });
  }
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    const b = (body ?? {}) as { code?: unknown; detail?: unknown };
    throw new ApiError({
      status: res.status,
      code: typeof b.code === 'string' ? b.code : `HTTP_${res.status}`,
      message: errorMessageOf(body, res.statusText || undefined),
      detail: b.detail,
      body,
    });
  }
  const blob = await res.blob();
  saveBlob(blob, fileNameOf(res.headers.get('content-disposition')) ?? fallbackName);
}

/** Saves a blob as a file (a temporary link clicked, then released). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Released after the click was handled: revoking at once may cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
