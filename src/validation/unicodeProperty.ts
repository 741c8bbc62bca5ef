import { PatternRefused } from './PatternRefused.js';

/** The long names of Unicode's general categories, as JavaScript accepts them, by the short names RE2 knows. */
const CATEGORIES: Readonly<Record<string, string>> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

/**
 * The name RE2 gives the Unicode property JavaScript writes as `\p{name}`: a general category by its
 * short name (`Letter` and `gc=L` are `L`), a script by its name (`Script=Greek` is `Greek`).
 *
 * @throws {PatternRefused} for Script_Extensions, which RE2 does not know.
 */
export function unicodeProperty(name: string): string {
  const [key, value] = name.includes('=') ? name.split('=', 2) : [undefined, name];
  if (key === 'scx' || key === 'Script_Extensions') {
    throw new PatternRefused(
      `uses the Unicode property \\p{${name}}, which the linear-time engine does not know. Write \\p{Script=${value}}`,
    );
  }
  return Object.hasOwn(CATEGORIES, value!) ? CATEGORIES[value!]! : value!;
}
