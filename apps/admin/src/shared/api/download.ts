import { buildUrl } from '@gridline/client/http';
import { errorFromResponse, networkError } from '@gridline/client/errors';
import { fillPath, type Endpoint } from '@gridline/contracts/endpoint';
import type { StaffCallInput } from '@gridline/client/staff-client';
import { client } from './client.ts';

/**
 * A file answer (an export) saved as a download. A link cannot carry the staff bearer, so the file
 * is fetched with it and handed to the browser as a blob; a refusal is the server's error.
 */
export async function downloadFile<E extends Endpoint>(e: E, input: StaffCallInput<E>, fileName: string): Promise<void> {
  const token = await client.accessToken();
  const url = buildUrl('', fillPath(e.path, input.params ?? {}), input.query);
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (cause) {
    throw networkError('', cause);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw errorFromResponse(response.status, body, '', response.statusText);
  }
  const href = URL.createObjectURL(await response.blob());
  const disposition = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  Object.assign(document.createElement('a'), { href, download: disposition ?? fileName }).click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
