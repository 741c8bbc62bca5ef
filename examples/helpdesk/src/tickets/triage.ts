import { BadGatewayException } from '@nestjs/common';
import { ClassificationQuestion, type ClassificationAnswer, type ClassificationResponse } from 'standin';

/** How frustrated a customer is, lowest first: the index of a level is its score. */
export const frustrationLevels = ['calm', 'annoyed', 'angry'] as const;

/**
 * What the help desk asks the classifier about every ticket.
 *
 * @example
 * ```ts
 * const response = await app.classify(message, triageQuestions);
 * ```
 */
export const triageQuestions = {
  team: ClassificationQuestion.choice('Which team should answer this ticket?', {
    billing: 'Charges, refunds, invoices',
    technical: 'Signing in, passwords, the app not working',
    sales: 'Plans, upgrades, prices',
  }),
  frustration: ClassificationQuestion.score('How frustrated is the customer?', [...frustrationLevels]),
  refund: ClassificationQuestion.yesNo('Does the customer ask for their money back?', {
    true: 'asks for a refund',
    false: 'asks for no refund',
  }),
};

/** What the help desk learned about a ticket: each answer with its probabilities. */
export interface Triage {
  readonly team: {
    readonly choice: string;
    /** Team -> probability. */
    readonly probabilities: Readonly<Record<string, number>>;
    readonly confidence: number | null;
  };
  readonly frustration: {
    /** The level nearest the score. */
    readonly level: string;
    /** From 0 (calm) to 2 (angry); fractional between two levels. */
    readonly score: number;
    /** One probability per level, lowest first. */
    readonly probabilities: readonly number[];
    readonly confidence: number | null;
  };
  readonly refund: {
    /** Whether a refund is more likely asked for than not. */
    readonly asked: boolean;
    readonly yesProbability: number;
  };
}

/**
 * Reads the classifier's answers to {@link triageQuestions}. A classifier that leaves one out,
 * or answers with the wrong type, is answered with a 502: the ticket cannot be triaged.
 *
 * @example
 * ```ts
 * readTriage(await app.classify(message, triageQuestions)).team.choice; // 'billing'
 * ```
 */
export function readTriage(response: ClassificationResponse): Triage {
  const team = answer(response, 'team', 'choice');
  const frustration = answer(response, 'frustration', 'score');
  const refund = answer(response, 'refund', 'yesNo');
  if (team.choice === null || frustration.score === null || refund.yesProbability === null) {
    throw new BadGatewayException(
      'The classifier answered the triage questions without a team, a frustration score or a refund probability.',
    );
  }
  const level = frustrationLevels[Math.min(frustrationLevels.length - 1, Math.max(0, Math.round(frustration.score)))]!;
  return {
    team: {
      choice: team.choice,
      probabilities: isRecord(team.probabilities) ? { ...team.probabilities } : {},
      confidence: team.confidence,
    },
    frustration: {
      level,
      score: frustration.score,
      probabilities: Array.isArray(frustration.probabilities)
        ? [...(frustration.probabilities as readonly number[])]
        : [],
      confidence: frustration.confidence,
    },
    refund: { asked: refund.yesProbability >= 0.5, yesProbability: refund.yesProbability },
  };
}

function answer(
  response: ClassificationResponse,
  id: keyof typeof triageQuestions,
  type: ClassificationAnswer['type'],
): ClassificationAnswer {
  const found = response.answer(id);
  if (found === undefined || found.type !== type) {
    throw new BadGatewayException(`The classifier answered no ${type} for the question '${id}'.`);
  }
  return found;
}

function isRecord(value: ClassificationAnswer['probabilities']): value is Readonly<Record<string, number>> {
  return value !== null && !Array.isArray(value);
}
