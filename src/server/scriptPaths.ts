/**
 * A fake's message about a script, in the terms of the scripts document it came from: the
 * in-process names (`app.fake('gpt-4.1-mini', answers): answers[0].txt`, a classifier entry "at
 * index 0", `{ error: new ClassificationAdapterError(reason) }`) become the document's paths
 * (`scripts.models['gpt-4.1-mini'][0].txt`, `scripts.classifier[0]`) and its JSON forms.
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
