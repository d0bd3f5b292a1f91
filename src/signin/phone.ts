// Sign-in input rules: an 11-digit mainland China mobile number (1, then 3-9, then 9 digits)
// and the SMS code (4 to 8 digits).

export const SMS_COUNTDOWN_SECONDS = 60;

/** Spaces and dashes typed between digit groups are ignored. */
export const normalisePhone = (raw: string) => raw.replace(/[\s-]/g, '');

export const isMainlandPhone = (raw: string) => /^1[3-9]\d{9}$/.test(normalisePhone(raw));

export const isSmsCode = (raw: string) => /^\d{4,8}$/.test(raw.trim());
