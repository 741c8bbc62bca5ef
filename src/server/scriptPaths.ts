/**
 * A fake's message in the scripts document's terms: `app.fake('gpt-4.1-mini', answers): answers[0].txt` becomes
 * `scripts.models['gpt-4.1-mini'][0].txt`, and so on.
 */
export function inScripts(message: string, root = 'scripts'): string {
  const owner = /app\.fake\('((?:[^'\\]|\\.)*)', answers\)/.exec(message);
  let text = message;
  if (owner !== null) {
    const model = `${root}.models['${owner[1]}']`;
    text = text
      .replaceAll(`${owner[0]}: `, '')
      .replaceAll(owner[0], model)
      .replace(/\banswers(?=[[.])/g, model);
  }
  return text
    .replace(/FakeClassifier script entry at index (\d+)/g, `classifier script entry ${root}.classifier[$1]`)
    .replaceAll('{ error: new ClassificationAdapterError(reason) }', '{ "fail": "rate_limited", "retryAfterMs"?: 20 }');
}
