// Chinese resident identity numbers (GB 11643-1999): 6-digit area code, 8-digit birth date,
// 3-digit sequence, 1 check character (0-9 or X) computed by ISO 7064 MOD 11-2.
// checkIdNumber answers the Chinese reason a number is refused, or null when it is valid.

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
/** First two digits of the provincial-level divisions (GB/T 2260). */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82,
]);
const OLDEST_YEAR = 1900;

/** Trims and upper-cases a final x. */
export const normalizeIdNumber = (raw: string) => raw.trim().toUpperCase();

export function checkDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

export function checkIdNumber(idNumber: string, now: number): string | null {
  if (!/^[0-9]{17}[0-9X]$/.test(idNumber)) return '身份证号应为18位，最后一位可以是数字或X';
  if (!PROVINCES.has(Number(idNumber.slice(0, 2)))) return '身份证号的地区码无效';
  const y = Number(idNumber.slice(6, 10));
  const m = Number(idNumber.slice(10, 12));
  const d = Number(idNumber.slice(12, 14));
  const birth = Date.UTC(y, m - 1, d);
  const b = new Date(birth);
  if (y < OLDEST_YEAR || b.getUTCFullYear() !== y || b.getUTCMonth() !== m - 1 || b.getUTCDate() !== d || birth > now)
    return '身份证号中的出生日期无效';
  if (checkDigit(idNumber.slice(0, 17)) !== idNumber[17]) return '身份证号校验位不正确，请核对后重新输入';
  return null;
}

/** Shown in answers: the first 4 and last 4 characters only. */
export const maskIdNumber = (idNumber: string) =>
  idNumber.length > 8 ? `${idNumber.slice(0, 4)}${'*'.repeat(idNumber.length - 8)}${idNumber.slice(-4)}` : '****';
