/**
 * Each language's name, by the language it is shown in: creating an `Intl.DisplayNames` costs more than the rest of
 * the language menu's render (issue 16), so one is made per language shown, once.
 */
const namers = new Map<string, Intl.DisplayNames | null>();

function namer(shownIn: string): Intl.DisplayNames | null {
  let found = namers.get(shownIn);
  if (found === undefined) {
    try {
      found = new Intl.DisplayNames([shownIn], { type: 'language' });
    } catch {
      found = null;
    }
    namers.set(shownIn, found);
  }
  return found;
}

/** Name of a language code in the language shown ("fr" → "Français" in French, "French" in English). */
export function languageName(code: string, shownIn = 'fr'): string {
  try {
    const name = namer(shownIn)?.of(code);
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}
