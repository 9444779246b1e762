/** Name of a language code in French ("fr" → "français"). */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['fr'], { type: 'language' }).of(code);
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}
