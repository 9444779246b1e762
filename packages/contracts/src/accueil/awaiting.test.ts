import { describe, expect, it } from 'vitest';
import type { StepActor, StepRule } from '../workflow/authorisation.ts';
import { awaitsPerson } from './awaiting.ts';

const me: StepActor = { isSuperAdmin: false, userId: 7, profilId: 3, serviceId: 5 };
const cond: StepRule = { type: 'condition', test: { metriqueId: 1, operator: 'equals', value: 'x' } as never };

describe('awaitsPerson: whose home shows a current step to sign', () => {
  const cases: [string, StepActor, StepRule[], boolean, boolean][] = [
    ['no rule, involved (creator or in charge)', me, [], true, true],
    ['no rule, not involved', me, [], false, false],
    ['only a field condition counts as no who-rule', me, [cond], true, true],
    ['named validator', me, [{ type: 'validateur', utilisateurId: 7 }], false, true],
    ['named user', me, [{ type: 'utilisateur', utilisateurId: 7 }], false, true],
    ['someone else named, even if involved', me, [{ type: 'utilisateur', utilisateurId: 8 }], true, false],
    ['my profile', me, [{ type: 'profil', profilId: 3 }], false, true],
    ['another profile', me, [{ type: 'profil', profilId: 4 }], false, false],
    ['my service', me, [{ type: 'service', serviceId: 5 }], false, true],
    ['no service of mine', { ...me, serviceId: null }, [{ type: 'service', serviceId: 5 }], false, false],
    [
      'alternatives: one matches',
      me,
      [
        { type: 'utilisateur', utilisateurId: 8 },
        { type: 'profil', profilId: 3 },
      ],
      false,
      true,
    ],
    ['a condition does not hide a step named for me', me, [{ type: 'validateur', utilisateurId: 7 }, cond], false, true],
    ['a super admin sees only what names them', { ...me, isSuperAdmin: true }, [{ type: 'utilisateur', utilisateurId: 8 }], false, false],
  ];
  it.each(cases)('%s', (_, actor, rules, involved, expected) => {
    expect(awaitsPerson(actor, rules, involved)).toBe(expected);
  });
});
