import { randomInt } from 'node:crypto';
import { patterns } from '#contract/validators.ts';

// Letters and digits people do not confuse when reading a password aloud or off a screen.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIALS = '#@!%*?';

const pick = (set: string) => set[randomInt(0, set.length)];

/** A 12-character password meeting the §5 rule, for a new account or a reset (changed at first sign-in). */
export function oneTimePassword(): string {
  for (;;) {
    const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIALS)];
    const all = UPPER + LOWER + DIGITS;
    while (chars.length < 12) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(0, i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const password = chars.join('');
    if (patterns.password.test(password)) return password;
  }
}
