import type { RefusalKind } from '../../../protocols/gemini/geminiRefused.js';
import { snakePath } from '../../../protocols/gemini/geminiRefused.js';
import type { FieldNotes, ShapeIssue } from '../../../protocols/WireFault.js';
import { WireError } from '../../WireError.js';

const PROTO = 'type.googleapis.com/google.ai.generativelanguage.v1beta';

/** The proto message a field holds, by its name (a list's by its items'), for Google's `Invalid value at` words. */
const messages: Readonly<Record<string, string>> = {
  contents: 'Content',
  systemInstruction: 'Content',
  content: 'Content',
  parts: 'Part',
  inlineData: 'Blob',
  fileData: 'FileData',
  functionCall: 'FunctionCall',
  functionResponse: 'FunctionResponse',
  tools: 'Tool',
  functionDeclarations: 'FunctionDeclaration',
  toolConfig: 'ToolConfig',
  functionCallingConfig: 'FunctionCallingConfig',
  generationConfig: 'GenerationConfig',
  thinkingConfig: 'ThinkingConfig',
  safetySettings: 'SafetySetting',
  requests: 'EmbedContentRequest',
};

/** The request a body's first field names, as Google's checks name it. */
function requestOf(path: readonly PropertyKey[]): string {
  const first = path[0];
  if (first === 'requests') return 'BatchEmbedContentsRequest';
  if (first === 'content' || first === 'taskType' || first === 'title' || first === 'outputDimensionality')
    return 'EmbedContentRequest';
  if (first === 'instances' || first === 'parameters') return 'PredictRequest';
  return 'GenerateContentRequest';
}

/** The proto type Google names for a field of the wrong JSON type. */
function typeOf(issue: ShapeIssue & { code: 'invalid_type' }, notes: FieldNotes): string {
  const name = [...issue.path].reverse().find((key) => typeof key === 'string') as string | undefined;
  switch (issue.expected) {
    case 'number':
    case 'int':
      return notes.integer === true || issue.expected === 'int' ? 'TYPE_INT32' : 'TYPE_FLOAT';
    case 'string':
      return 'TYPE_STRING';
    case 'boolean':
      return 'TYPE_BOOL';
    default: {
      const message = name === undefined ? undefined : messages[name];
      return message === undefined ? 'type.googleapis.com/google.protobuf.Struct' : `${PROTO}.${message}`;
    }
  }
}

/**
 * Gemini's 400 `INVALID_ARGUMENT` for a request field it refuses, in Google's words: an unknown
 * field `Invalid JSON payload received. Unknown name "x" at 'generation_config': Cannot find field.`
 * (`W0004`); a value of the wrong type `Invalid value at 'generation_config.temperature'
 * (TYPE_FLOAT), "hot"`; a rule Google checks `* GenerateContentRequest.generation_config.temperature:
 * temperature must be in the range [0.0, 2.0]` (`W0002`); a field the wire server cannot honour in
 * the same form (`W0004`). Each names the field, in Google's snake case, as a `BadRequest` violation.
 */
export function geminiRefusal(issue: ShapeIssue, notes: FieldNotes = {}): WireError {
  const field = snakePath(issue.path);
  const refuse = (message: string, code: 'W0002' | 'W0004' = 'W0002', param = field): WireError =>
    new WireError(code, 400, message, {
      type: 'INVALID_ARGUMENT',
      ...(param === '' ? {} : { param }),
      retry: false,
    });
  const rule = (words: string, code: 'W0002' | 'W0004' = 'W0002'): WireError =>
    refuse(`* ${requestOf(issue.path)}${field === '' ? '' : `.${field}`}: ${words}\n`, code);
  switch (issue.code) {
    case 'unrecognized_keys':
      return refuse(
        `Invalid JSON payload received. Unknown name ${JSON.stringify(issue.keys[0]!)}` +
          `${field === '' ? '' : ` at '${field}'`}: Cannot find field.`,
        'W0004',
        field === '' ? snakePath([issue.keys[0]!]) : field,
      );
    case 'invalid_type': {
      if (issue.input === undefined) {
        const last = snakePath([String(issue.path.at(-1) ?? '')]);
        return rule(`${last} is not specified`);
      }
      return refuse(`Invalid value at '${field}' (${typeOf(issue, notes)}), ${JSON.stringify(issue.input)}`);
    }
    case 'custom': {
      const how = (issue.params as { gemini?: RefusalKind; proto?: string } | undefined) ?? {};
      if (how.proto !== undefined)
        return refuse(`Invalid value at '${field}' (${PROTO}.${how.proto}), ${JSON.stringify(issue.input)}`);
      if (how.gemini === 'verbatim') return refuse(issue.message);
      return rule(issue.message, how.gemini === 'unhonoured' ? 'W0004' : 'W0002');
    }
    case 'invalid_value':
      return refuse(`Invalid value at '${field}' (TYPE_ENUM), ${JSON.stringify(issue.input)}`);
    default:
      return rule(issue.message);
  }
}
