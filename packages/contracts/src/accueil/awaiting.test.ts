import { describe, expect, it } from 'vitest';
import type { StepActor, StepRule } from '../workflow/authorisation.ts';
import { type AwaitingProcess, awaitsPerson } from './awaiting.ts';

const me: StepActor & { entrepriseId: number } = { isSuperAdmin: false, userId: 7, profilId: 3, serviceId: 5, entrepriseId: 1 };
const cond: StepRule = { type: 'condition', test: { metriqueId: 1, operator: 'equals', value: 'x' } as never };
/** The contractors' rule (a step for the people of the process's contractor companies). */
const prestataire = { type: 'prestataire' } as unknown as StepRule;
const own = (involved = false): AwaitingProcess => ({ entrepriseId: 1, prestataireIds: [], involved });
/** A process of the client company 2, on which company 1 works as a contractor. */
const client = (involved = false): AwaitingProcess => ({ entrepriseId: 2, prestataireIds: [1], involved });

describe('awaitsPerson: whose home shows a current step to sign', () => {
  const cases: [string, StepActor & { entrepriseId: number }, StepRule[], AwaitingProcess, boolean][] = [
    ['no rule, involved (creator or in charge)', me, [], own(true), true],
    ['no rule, not involved', me, [], own(false), false],
    ['only a field condition counts as no who-rule', me, [cond], own(true), true],
    ['named validator', me, [{ type: 'validateur', utilisateurId: 7 }], own(), true],
    ['named user', me, [{ type: 'utilisateur', utilisateurId: 7 }], own(), true],
    ['someone else named, even if involved', me, [{ type: 'utilisateur', utilisateurId: 8 }], own(true), false],
    ['my profile', me, [{ type: 'profil', profilId: 3 }], own(), true],
    ['another profile', me, [{ type: 'profil', profilId: 4 }], own(), false],
    ['my service', me, [{ type: 'service', serviceId: 5 }], own(), true],
    ['no service of mine', { ...me, serviceId: null }, [{ type: 'service', serviceId: 5 }], own(), false],
    [
      'alternatives: one matches',
      me,
      [
        { type: 'utilisateur', utilisateurId: 8 },
        { type: 'profil', profilId: 3 },
      ],
      own(),
      true,
    ],
    ['a condition does not hide a step named for me', me, [{ type: 'validateur', utilisateurId: 7 }, cond], own(), true],
    ['a super admin sees only what names them', { ...me, isSuperAdmin: true }, [{ type: 'utilisateur', utilisateurId: 8 }], own(), false],
    ['the contractors’ rule on my own company’s process', me, [prestataire], own(), false],
    ['contractor: the contractors’ rule, my company among them', me, [prestataire], client(), true],
    ['contractor: the contractors’ rule, my company not among them', me, [prestataire], { ...client(), prestataireIds: [9] }, false],
    ['contractor: named', me, [{ type: 'utilisateur', utilisateurId: 7 }], client(), true],
    ['contractor: a profile id like mine is the client’s', me, [{ type: 'profil', profilId: 3 }], client(), false],
    ['contractor: a service id like mine is the client’s', me, [{ type: 'service', serviceId: 5 }], client(), false],
    ['contractor: no rule, even in charge', me, [], client(true), false],
  ];
  it.each(cases)('%s', (_, actor, rules, p, expected) => {
    expect(awaitsPerson(actor, rules, p)).toBe(expected);
  });
});
