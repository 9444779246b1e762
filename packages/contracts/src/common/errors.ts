/** Error codes shared by server and web, each with its HTTP status and default French message. */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Données invalides.' },
  UNAUTHENTICATED: { status: 401, message: 'Vous devez vous connecter.' },
  BAD_CREDENTIALS: { status: 401, message: 'Identifiant ou mot de passe incorrect.' },
  MFA_REQUIRED: { status: 401, message: 'Un code de vérification est nécessaire.' },
  FORBIDDEN: { status: 403, message: "Vous n'avez pas les droits pour cette action." },
  CSRF: { status: 403, message: 'Requête refusée : origine non autorisée.' },
  COMPANY_LOCKED: { status: 403, message: 'Votre entreprise est verrouillée. Contactez votre administrateur.' },
  ACCOUNT_DISABLED: { status: 403, message: 'Votre compte est désactivé.' },
  NOT_FOUND: { status: 404, message: 'Élément introuvable.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Adresse inconnue.' },
  CONFLICT: { status: 409, message: 'Conflit avec des données existantes.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Contenu trop volumineux.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Type de contenu non pris en charge (JSON attendu).' },
  HEADERS_TOO_LARGE: { status: 431, message: 'En-têtes ou adresse de la requête trop longs.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Trop de tentatives. Réessayez dans quelques minutes.' },
  INTERNAL: { status: 500, message: 'Erreur interne du serveur.' },
  DB_LOCKED: { status: 500, message: 'La base de données embarquée est déjà utilisée par un autre processus.' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'La base de données est momentanément indisponible. Réessayez dans quelques instants.' },
} as const;
export type ErrorCode = keyof typeof ERRORS;

/** The JSON body of every error response. */
export interface ErrorBody {
  message: string;
  detail?: unknown;
  code: ErrorCode | string;
}

/** Message to show for a failed call, in the spec's order: message, detail, the error's own message, fallback. */
export function errorMessageOf(body: unknown, ownMessage?: string): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; detail?: unknown };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.detail === 'string' && b.detail) return b.detail;
  }
  if (ownMessage) return ownMessage;
  return 'Internal server error';
}

/** Sign-in errors show detail first, then message (spec section 8). */
export function loginErrorMessageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; detail?: unknown };
    if (typeof b.detail === 'string' && b.detail) return b.detail;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return 'Internal server error';
}

/** Default success notification text. */
export const SUCCESS_MESSAGE = 'avec succès';
/** Notification shown when a person is disabled. */
export const DISABLED_MESSAGE = 'Désactivé avec succès';
