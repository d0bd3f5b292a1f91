// Sign-in input rules: an 11-digit mainland China mobile number (1, then 3-9, then 9 digits)
// and the SMS code (4 to 8 digits).

export const SMS_COUNTDOWN_SECONDS = 60;

/** Spaces and dashes typed between digit groups are ignored. */
export const normalisePhone = (raw: string) => raw.replace(/[\s-]/g, '');

export const isMainlandPhone = (raw: string) => /^1[3-9]\d{9}$/.test(normalisePhone(raw));

/**
 * What the server accepts: the 11 digits of a mainland number as typed (around spaces, between
 * dashes, after a +86 or 86 country code), or null when it is not one.
 */
export function mainlandPhone(raw: string): string | null {
  const digits = normalisePhone(raw.trim()).replace(/^\+?86(?=\d{11}$)/, '');
  return /^1[3-9]\d{9}$/.test(digits) ? digits : null;
}

export const isSmsCode = (raw: string) => /^\d{4,8}$/.test(raw.trim());
