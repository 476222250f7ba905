// dice.js: reads a control phase's throw into one line per die, in throw
// order: its value (the robot it names), whether it was re-rolled, set
// aside (its robot was already gone), spent, or still to use.

/**
 * [{value, index, rerolledFrom, state}] with state one of "use" (usable
 * now), "used", "gone" (kept, but its robot has since left the board) and
 * "aside" (set aside after the re-roll). Empty when there is no throw.
 */
export function readDice(view) {
  const roll = view.roll;
  if (!roll) return [];
  const keptValues = new Set(roll.kept);
  let k = 0;
  return roll.dice.map((value, index) => {
    const re = roll.rerolled.find((x) => x.die === index);
    const die = { value, index, rerolledFrom: re ? re.from : null, state: 'aside' };
    // Dice showing the same value share a fate, so values tell kept dice
    // apart from set-aside ones; the kept ones are view.dice in order.
    if (keptValues.has(value)) {
      const table = view.dice[k++];
      if (table) die.state = table.used ? 'used' : table.usable ? 'use' : 'gone';
    }
    return die;
  });
}

export function dieWords(die) {
  const what = { use: 'to use', used: 'used', gone: 'its robot has left the board', aside: 'set aside: its robot is gone' }[die.state];
  const re = die.rerolledFrom !== null ? `, re-rolled from ${die.rerolledFrom}` : '';
  return `Die showing ${die.value}${re}: ${what}`;
}
