/**
 * The form rules (docs/accounts.md: form rules), as plain predicates (no zod, so any page may use them) and
 * the message a shopper sees when one fails. The zod schemas of the account contract apply them.
 */

/** Phone number: digits only, any length, including empty. */
export const isPhone = (v: string): boolean => /^\d*$/.test(v);

const ipv4 = (s: string) => {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
};

/** E-mail: local@domain with a domain ending in 2 or more letters, or an IPv4 literal (bare or in brackets). */
export const isEmail = (v: string): boolean => {
  const at = v.lastIndexOf('@');
  if (at < 1 || at === v.length - 1) return false;
  const local = v.slice(0, at);
  const domain = v.slice(at + 1);
  if (/[\s@]/.test(local) || /\s/.test(domain)) return false;
  const literal = domain.startsWith('[') && domain.endsWith(']') ? domain.slice(1, -1) : domain;
  if (ipv4(literal)) return true;
  return /^([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/.test(domain);
};

export const PASSWORD_MIN = 6;
/** Password: at least 6 characters of any kind. */
export const isPassword = (v: string): boolean => [...v].length >= PASSWORD_MIN;

/**
 * Nickname: a letter (Latin or Chinese), then 1 to 20 letters, digits, underscores or Chinese
 * characters. Latin letters include those with macrons and accents, so te reo Maori names such
 * as Māui pass.
 */
const NICKNAME_CHAR = String.raw`(?:(?=\p{L})[\p{Script=Latin}\p{Script=Han}])`;
const NICKNAME = new RegExp(`^${NICKNAME_CHAR}(?:${NICKNAME_CHAR}|[0-9_]){1,20}$`, 'u');
export const isNickname = (v: string): boolean => NICKNAME.test(v);

/** Captcha (verification code): exactly 4 digits. */
export const isCaptcha = (v: string): boolean => /^\d{4}$/.test(v);

/**
 * NZBN: 13 digits whose last is the GS1 check digit of the first 12 (weights 1 and 3
 * alternating from the left).
 */
export const isNzbn = (v: string): boolean => {
  if (!/^\d{13}$/.test(v)) return false;
  const digits = [...v].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
};

/** The message of each rule, shown under its field. */
export const MESSAGES = {
  required: 'This field is required',
  phone: 'A phone number has digits only',
  email: 'Enter an e-mail address like name@example.co.nz',
  password: `The password needs at least ${PASSWORD_MIN} characters`,
  passwordsDiffer: 'The two passwords do not match',
  nickname: 'Start with a letter, then 1 to 20 letters, digits, underscores or Chinese characters',
  captcha: 'The verification code is 4 digits',
  nzbn: 'An NZBN is 13 digits with a valid check digit',
} as const;
