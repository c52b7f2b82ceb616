/** The yes/no draw: two outcomes, 'Yes' and 'Wait', equally likely. */
export type YesNoAnswer = 'yes' | 'wait';

export function drawAnswer(random: () => number = Math.random): YesNoAnswer {
  return random() < 0.5 ? 'yes' : 'wait';
}
