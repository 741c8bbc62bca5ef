import { z } from 'zod';

/*
 * Gemini's `generateContent` request, as its API reference documents it: read by the wire server,
 * written by the adapter. Google reads JSON `null` as a field left out, so every optional field
 * takes it; a field Google does not know is refused (`unrecognized_keys`). The words of a range
 * check are Google's, for the dialect to answer in.
 */

/** One of the values of a Google enum field, in any case (Google's JSON reader takes `low` for `LOW`). */
function rpcEnum<const T extends string>(proto: string, values: readonly T[]) {
  return z
    .string()
    .refine((value) => (values as readonly string[]).includes(value.toUpperCase()), { params: { proto } })
    .transform((value) => value.toUpperCase() as T);
}

const inRange = (field: string, min: number, max: number) => {
  const words = `${field} must be in the range [${decimal(min)}, ${decimal(max)}]`;
  return z.number().min(min, words).max(max, words);
};
const decimal = (n: number): string => (Number.isInteger(n) ? n.toFixed(1) : String(n));
const positive = (field: string) => z.int().min(1, `${field} must be positive.`);

/** A JSON object: a function's args, a function response, a JSON Schema. */
const struct = z.record(z.string(), z.unknown());

const blob = z.strictObject({ mimeType: z.string().min(1, 'mime_type is not specified'), data: z.string() });

const fileData = z.strictObject({
  mimeType: z.string().nullish(),
  fileUri: z.string().min(1, 'file_uri is not specified'),
});

/** A function's name, as Google's function calling takes it. */
const functionName = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
    'Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain ' +
      'underscores, dots, colons and dashes, with a maximum length of 64.',
  );

const functionCallShape = z.strictObject({
  id: z.string().nullish(),
  name: functionName,
  args: struct.nullish(),
});

const functionResponseShape = z.strictObject({
  id: z.string().nullish(),
  name: functionName,
  response: struct,
  // Gemini 3 takes files beside a function's response; the wire server reads the response alone.
  parts: z.array(z.unknown()).nullish(),
  willContinue: z.boolean().nullish(),
  scheduling: z.string().nullish(),
});

/** The fields of a part's `data` oneof: a part holds exactly one of them. */
export const partData = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
  'toolCall',
  'toolResponse',
] as const;

/** One part of a content: its data (text, bytes, a file, a call, a response, code), and what Google notes of it. */
const generatePart = z
  .strictObject({
    text: z.string().nullish(),
    inlineData: blob.nullish(),
    fileData: fileData.nullish(),
    functionCall: functionCallShape.nullish(),
    functionResponse: functionResponseShape.nullish(),
    executableCode: struct.nullish(),
    codeExecutionResult: struct.nullish(),
    toolCall: struct.nullish(),
    toolResponse: struct.nullish(),
    thought: z.boolean().nullish(),
    thoughtSignature: z.string().nullish(),
    videoMetadata: struct.nullish(),
    partMetadata: struct.nullish(),
    mediaResolution: z.unknown().optional(),
  })
  .superRefine((part, context) => {
    const set = partData.filter((field) => part[field] !== undefined && part[field] !== null);
    if (set.length === 1) return;
    context.addIssue({
      code: 'custom',
      path: ['data'],
      message:
        set.length === 0
          ? "required oneof field 'data' must have one initialized field"
          : `oneof field 'data' is already set. Cannot set '${set[1]!}'`,
    });
  });

export type GeneratePart = z.output<typeof generatePart>;

/** A turn of the conversation: who said it, and its parts. */
export const generateContent = z.strictObject({
  role: z
    .string()
    .refine((role) => role === 'user' || role === 'model', 'Please use a valid role: user, model.')
    .nullish(),
  parts: z.array(generatePart).min(1, 'contents.parts must not be empty.'),
});

/** A function the model may call: its input as JSON Schema (`parametersJsonSchema`) or in Gemini's schema form. */
const functionDeclaration = z.strictObject({
  name: functionName,
  description: z.string().nullish(),
  parameters: struct.nullish(),
  parametersJsonSchema: struct.nullish(),
  response: struct.nullish(),
  responseJsonSchema: struct.nullish(),
  behavior: rpcEnum('Behavior', ['UNSPECIFIED', 'BLOCKING', 'NON_BLOCKING']).nullish(),
});

/** A tool: functions the client runs, or one of the tools Google runs on its side (search, code execution, ...). */
const tool = z.strictObject({
  functionDeclarations: z.array(functionDeclaration).nullish(),
  googleSearch: z.unknown().optional(),
  googleSearchRetrieval: z.unknown().optional(),
  codeExecution: z.unknown().optional(),
  urlContext: z.unknown().optional(),
  fileSearch: z.unknown().optional(),
  googleMaps: z.unknown().optional(),
  computerUse: z.unknown().optional(),
  retrieval: z.unknown().optional(),
  mcpServers: z.unknown().optional(),
});

const toolConfig = z.strictObject({
  functionCallingConfig: z
    .strictObject({
      mode: rpcEnum('FunctionCallingConfig.Mode', ['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']).nullish(),
      allowedFunctionNames: z.array(z.string()).nullish(),
    })
    .nullish(),
  retrievalConfig: struct.nullish(),
  includeServerSideToolInvocations: z.boolean().nullish(),
});

const thinkingConfig = z.strictObject({
  includeThoughts: z.boolean().nullish(),
  thinkingBudget: z
    .int()
    .min(-1, 'thinking_budget must be in the range [-1, 65535]')
    .max(65_535, 'thinking_budget must be in the range [-1, 65535]')
    .nullish(),
  thinkingLevel: rpcEnum('ThinkingConfig.ThinkingLevel', [
    'THINKING_LEVEL_UNSPECIFIED',
    'MINIMAL',
    'LOW',
    'MEDIUM',
    'HIGH',
  ]).nullish(),
});

/** How the model is to answer: sampling, length, stops, the typed value's shape, thinking. */
const generationConfig = z.strictObject({
  stopSequences: z.array(z.string()).max(5, 'the number of stop_sequences must not exceed 5').nullish(),
  responseMimeType: z.string().nullish(),
  responseSchema: struct.nullish(),
  responseJsonSchema: struct.nullish(),
  responseModalities: z.array(z.string()).nullish(),
  candidateCount: z
    .int()
    .min(1, 'candidate_count must be in the range [1, 8]')
    .max(8, 'candidate_count must be in the range [1, 8]')
    .nullish(),
  maxOutputTokens: positive('max_output_tokens').nullish(),
  temperature: inRange('temperature', 0, 2).nullish(),
  topP: inRange('top_p', 0, 1).nullish(),
  topK: positive('top_k').nullish(),
  seed: z.int().nullish(),
  presencePenalty: z.number().nullish(),
  frequencyPenalty: z.number().nullish(),
  responseLogprobs: z.boolean().nullish(),
  logprobs: z.int().nullish(),
  enableEnhancedCivicAnswers: z.boolean().nullish(),
  speechConfig: struct.nullish(),
  thinkingConfig: thinkingConfig.nullish(),
  imageConfig: struct.nullish(),
  mediaResolution: z.string().nullish(),
  audioTimestamp: z.boolean().nullish(),
});

const safetySetting = z.strictObject({
  category: z.string(),
  threshold: z.string(),
  method: z.string().nullish(),
});

/** The body of `:generateContent` and `:streamGenerateContent` (the model is the path's). */
export const generateBody = z.strictObject({
  model: z.string().nullish(),
  contents: z.array(generateContent).min(1, 'contents is not specified'),
  systemInstruction: generateContent.nullish(),
  tools: z.array(tool).nullish(),
  toolConfig: toolConfig.nullish(),
  safetySettings: z.array(safetySetting).nullish(),
  generationConfig: generationConfig.nullish(),
  cachedContent: z.string().nullish(),
  labels: z.record(z.string(), z.string()).nullish(),
  serviceTier: z.string().nullish(),
  store: z.boolean().nullish(),
  continuationToken: z.string().nullish(),
});

export type GenerateBody = z.input<typeof generateBody>;
export type GenerateRead = z.output<typeof generateBody>;
