import {
  IMPORT_PROBLEMS_FILE_NAME,
  IMPORT_PROBLEMS_PATH,
  IMPORT_QUERY_PATH,
  IMPORT_TEMPLATE_FILE_NAME,
  IMPORT_TEMPLATE_PATH,
  type ImportCheck,
  type ImportRow,
  UPLOAD_FAILED,
} from '@mall/shared/contract/order-import';
import { api, type UploadProgress } from '../../api/client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** The calls of order import (docs/order-import.md). */

/** GET the template and save it. */
export const downloadTemplate = async () => {
  const blob = await api.get<Blob>(IMPORT_TEMPLATE_PATH, { responseType: 'blob' });
  saveBlob(blob, IMPORT_TEMPLATE_FILE_NAME);
};

/** UPLOAD the sheet: progress is the bytes sent; `onSent` when the last byte has gone (the server checks then). */
export const uploadSheet = (file: File, onProgress: (p: UploadProgress) => void, onSent: () => void) =>
  api.uploadWithProgress<ImportCheck>(IMPORT_QUERY_PATH, file, {
    failedMessage: UPLOAD_FAILED,
    onProgress,
    onSent,
  });

/** The reason of a row in words, as the problem sheet's Reason column says it. */
export const reasonText = (row: ImportRow) => [...row.reasons, row.notice ?? ''].filter(Boolean).join(' ');

/** The problem rows as an .xlsx to fix and upload again (the server writes it: every cell text, formulas guarded). */
export const downloadProblemRows = async (rows: readonly ImportRow[]) => {
  const blob = await api.post<Blob>(
    IMPORT_PROBLEMS_PATH,
    { rows: rows.map((r) => ({ code: r.code, count: r.countText, note: r.note, reason: reasonText(r) })) },
    { responseType: 'blob' },
  );
  saveBlob(blob, IMPORT_PROBLEMS_FILE_NAME);
};
