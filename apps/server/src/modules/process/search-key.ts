// The name search's key and pattern as the database computes them (app_search_key and app_search_like, migrations
// 0011 and 0012): the SQL functions are the source of truth, the list statement calls them. This mirror exists for
// one decision taken before the statement is sent (one round trip per page): whether the pattern has pieces the
// trigram index can read, which picks the statement's plan (searchUsesIndex). Both plans keep exactly the names whose
// key contains the typed text's, so a disagreement could only cost speed, never change a page.
// test/search-key.test.ts runs both on a table of inputs against the database and fails when they differ.

// app_search_key's translate(): each accented letter of the first string becomes the letter at its place in the
// second, then lower(), then the ligatures spelled out.
const ACCENTED = 'àáâãäåāÀÁÂÃÄÅĀçćčÇĆČèéêëēėęÈÉÊËĒĖĘìíîïīÌÍÎÏĪñÑòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝŸžŽšŠ';
const PLAIN = 'aaaaaaaaaaaaaacccccceeeeeeeeeeeeeeiiiiiiiiiinnoooooooooooooouuuuuuuuuuyyyyzzss';
const TRANSLATE = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]]));
const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae' };

/** app_search_key: lower case, without the accents of French (and near) letters, ligatures spelled out. */
export function searchKey(text: string): string {
  let out = '';
  for (const c of text) out += LIGATURES[c] ?? (TRANSLATE.get(c) ?? c).toLowerCase();
  return out;
}

/**
 * The pieces of app_search_like's pattern for a key: from every word (letters and digits) of 3 characters or more
 * its first triple, and from one of 6 or more also its last whole triple; a word of 2 after a separator, with the
 * separator's last character; shorter words dropped. Empty when no word gives a piece.
 */
function searchPieces(key: string): string[] {
  const pieces: string[] = [];
  for (const [, sep, word] of key.matchAll(/([^\p{L}\p{Nd}]*)([\p{L}\p{Nd}]+)/gu)) {
    const w = [...word];
    if (w.length >= 6)
      pieces.push(w.slice(0, 3).join(''), w.slice(3 * Math.floor(w.length / 3) - 3, 3 * Math.floor(w.length / 3)).join(''));
    else if (w.length >= 3) pieces.push(w.slice(0, 3).join(''));
    else if (w.length === 2 && sep !== '') pieces.push([...sep].at(-1) + word);
  }
  return pieces;
}

/** app_search_like: the pieces in order between % (the whole key without any piece), LIKE's specials escaped. */
export function searchLike(key: string): string {
  const pieces = searchPieces(key);
  return `%${(pieces.length ? pieces : [key]).map((p) => p.replace(/[\\%_]/g, (c) => `\\${c}`)).join('%')}%`;
}

/**
 * Whether a typed text gives the trigram index something to read (its pattern has pieces). Only the choice of plan
 * depends on it: both ways keep exactly the names whose key contains the text's.
 */
export const searchUsesIndex = (search: string): boolean => searchPieces(searchKey(search)).length > 0;
