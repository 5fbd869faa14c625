/**
 * The trading details printed in the footer. Demo values: the operator replaces them with the
 * registered company's (NZBN from the NZ Companies Office, GST number from Inland Revenue).
 */
export const COMPANY = {
  legalName: 'Kauri Mall Limited',
  nzbn: '9429050123452',
  gstNumber: '123-456-789',
  address: '18 Kauri Road, East Tāmaki, Auckland 2013',
  phone: '0800 555 014',
  /** Phone and live-chat hours. */
  supportHours: '8:00-20:00 daily',
  email: 'help@kaurimall.co.nz',
  tradeEmail: 'trade@kaurimall.co.nz',
  privacyEmail: 'privacy@kaurimall.co.nz',
  wechatId: 'KauriMallNZ',
} as const;
