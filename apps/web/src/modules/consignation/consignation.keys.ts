/** The module's TanStack Query keys, in one place. */
export const consignationKeys = {
  all: ['consignation'] as const,
  codes: ['consignation', 'codes'] as const,
  /** Every page of the register, whatever its filters. */
  registres: ['consignation', 'registre'] as const,
  registre: (query: object) => ['consignation', 'registre', query] as const,
  detail: (processId: number) => ['consignation', 'detail', processId] as const,
  people: (companyId: number) => ['consignation', 'people', companyId] as const,
  equipements: (search: string) => ['consignation', 'equipements', search] as const,
};
