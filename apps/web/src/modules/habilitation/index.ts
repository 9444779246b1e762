// Public surface of the module: the app shell and other modules import only this file.
export { ProcessHabilitations } from './components/process-habilitations.tsx';
export { RequiredSymbolsInput, requiredSymbolsOf } from './components/required-symbols-input.tsx';
export { StepHabilitations } from './components/step-habilitations.tsx';

/** Screens loaded on first visit (react-router `lazy`). */
export const habilitationPages = {
  titres: async () => ({ Component: (await import('./pages/titres-page.tsx')).TitresPage }),
  titre: async () => ({ Component: (await import('./pages/titre-page.tsx')).TitrePage }),
  personne: async () => ({ Component: (await import('./pages/personne-page.tsx')).PersonnePage }),
  symboles: async () => ({ Component: (await import('./pages/symboles-page.tsx')).SymbolesPage }),
  visitesMedicales: async () => ({ Component: (await import('./pages/visites-medicales-page.tsx')).VisitesMedicalesPage }),
};
export { type GateRefusal, gateRefusalOf } from './gate-refusal.ts';
