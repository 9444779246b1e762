import { errorMessageOf } from '@app/contracts';
import { ApiError } from './api.ts';

export interface UploadOptions {
  /** Form field name of the file (the server reads "file"). */
  field?: string;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Sends one file as multipart/form-data (callApi only sends JSON), with upload progress. Same cookie and error
 * shape as callApi: a failure throws an ApiError carrying the server's French message.
 */
export function uploadFile<T>(url: string, file: File, options: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  form.append(options.field ?? 'file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = false; // same-origin requests always carry the session cookie
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
        return;
      }
      const b = (body ?? {}) as { code?: unknown; detail?: unknown };
      reject(
        new ApiError({
          status: xhr.status,
          code: typeof b.code === 'string' ? b.code : `HTTP_${xhr.status}`,
          message: errorMessageOf(body, xhr.statusText || undefined),
          detail: b.detail,
          body,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK', message: errorMessageOf(null) }));
    xhr.onabort = () => reject(new DOMException('Envoi annulé', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
