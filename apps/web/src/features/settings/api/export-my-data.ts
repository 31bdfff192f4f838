import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The name of the saved file when the answer does not give one. */
export const FALLBACK_EXPORT_FILE_NAME = 'crimsonhost-data.json';

function decodeExtended(value: string): string | null {
  try {
    return decodeURIComponent(value.trim().replace(/^"(.*)"$/, '$1'));
  } catch {
    return null;
  }
}

/**
 * The file name of a `content-disposition` header: `filename*` (RFC 5987) first, then
 * `filename`, without any folder part; the fallback when there is none.
 */
export function exportFileName(header: string | undefined): string {
  if (!header) return FALLBACK_EXPORT_FILE_NAME;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header)?.[1];
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/i.exec(header);
  const name =
    (extended && decodeExtended(extended)) ??
    plain?.[1]?.replace(/\\(.)/g, '$1') ??
    plain?.[2] ??
    '';
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return /^\.*$/.test(base) ? FALLBACK_EXPORT_FILE_NAME : base;
}

/**
 * GET /api/account/export with the session's token: everything the platform keeps about me, as
 * JSON, and the file name the server gives it.
 */
export async function exportMyData(): Promise<{ file: Blob; fileName: string }> {
  const response = await apiClient.get<unknown>('/account/export');
  // The client reads JSON answers into values: written back as the server wrote them.
  const text =
    typeof response.data === 'string' ? response.data : JSON.stringify(response.data, null, 2);
  return {
    file: new Blob([text], { type: 'application/json' }),
    fileName: exportFileName(response.headers['content-disposition']),
  };
}

/** Downloads my data and hands it to the browser to save. */
export function useExportMyData() {
  return useMutation({
    mutationFn: async () => {
      const { file, fileName } = await exportMyData();
      saveFile(file, fileName);
      return fileName;
    },
  });
}
