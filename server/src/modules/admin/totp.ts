import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** TOTP two-factor (RFC 6238: SHA-1, 6 digits, 30 seconds), as every authenticator app reads it. */
const PERIOD = 30;

const totpOf = (secret: string, label = 'operator', issuer = 'Kauri Mall') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address and a QR picture of it (PNG data URL) for an authenticator app to scan. */
export const enrolment = async (secret: string, label: string, issuer: string) => {
  const uri = totpOf(secret, label, issuer).toString();
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
};

/**
 * The 30-second step `code` was made for (one step either side of now is accepted for clocks
 * that differ a little), or null when it is not a code of this secret. The caller refuses a step
 * it has already accepted, so a code is used once.
 */
export const stepOfCode = (secret: string, code: string, now = Date.now()): number | null => {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
};

/** The code of `secret` for now (tests and the demo). */
export const codeNow = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });
