import { toast } from 'sonner';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/server-errors.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/**
 * Fetches a file with the api client (so the bearer token is sent) and saves it; a failure
 * shows a toast. Resolves true when saved.
 */
export const downloadFile = async (path: string, fileName: string, what: string): Promise<boolean> => {
  try {
    const blob = await api.get<Blob>(path, { responseType: 'blob', toast: false });
    saveBlob(blob, fileName);
    return true;
  } catch (err) {
    toast.error(`The ${what} could not be downloaded: ${errorMessage(err)}`);
    return false;
  }
};

/** GET /api/sale/order/app/invoice/{id}: the GST tax invoice (PDF) of a paid order. */
export const downloadInvoice = (order: { id: number; orderNo: string }) =>
  downloadFile(`/api/sale/order/app/invoice/${order.id}`, `invoice-${order.orderNo}.pdf`, 'tax invoice');

/** GET /api/sale/order/detail/supplier/export/{id}: the order's lines per supplier (.xlsx). */
export const downloadSupplierSheet = (order: { id: number; orderNo: string }) =>
  downloadFile(
    `/api/sale/order/detail/supplier/export/${order.id}`,
    `order-${order.orderNo}-suppliers.xlsx`,
    'supplier sheet',
  );
