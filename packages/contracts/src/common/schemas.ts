import { z } from 'zod';

/** A numeric id, accepted as a number or a numeric string (path parameters). */
export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });
export const IdBody = z.object({ id: Id });
export const IdsBody = z.object({ ids: z.array(Id).min(1) });
export const Message = z.object({ message: z.string() });
/** What the caller may do with a returned item (from the same ability the server authorizes with). */
export const Abilities = z.object({ read: z.boolean(), create: z.boolean(), update: z.boolean(), delete: z.boolean() });
export const Ok = z.object({ message: z.string(), id: z.number().int().optional() });

/** Offset paging as the spec uses it (offset, perPage). */
export const Paging = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(1000).default(100),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), offset: z.number().int(), perPage: z.number().int() });
}

/** A colour written #rrggbb. */
export const Couleur = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Couleur attendue au format #RRGGBB');
/** A date written YYYY-MM-DD. */
export const DateIso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ');
export const Mail = z.string().trim().toLowerCase().pipe(z.email('Adresse e-mail invalide'));
/** Password policy: 10 characters or more, with a letter and a digit. */
export const Password = z
  .string()
  .min(10, 'Le mot de passe doit contenir au moins 10 caractères')
  .max(200)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), 'Le mot de passe doit contenir au moins une lettre et un chiffre');
