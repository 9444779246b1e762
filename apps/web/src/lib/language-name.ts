/** Name of a language code in the language shown ("fr" → "Français" in French, "French" in English). */
export function languageName(code: string, shownIn = 'fr'): string {
  try {
    const name = new Intl.DisplayNames([shownIn], { type: 'language' }).of(code);
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}
