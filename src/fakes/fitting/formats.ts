/**
 * A text of each string `format` JSON Schema (and zod) names, tried first for a string of that
 * format: short, plain and valid, such as `a@example.com` for an email. A format not listed here is
 * made as any text is.
 *
 * @example
 * ```ts
 * formatTexts.email; // ['a@example.com']
 * ```
 */
export const formatTexts: Readonly<Record<string, readonly string[]>> = {
  'date-time': ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00.000Z'],
  date: ['1970-01-01'],
  time: ['00:00:00Z', '00:00:00', '00:00'],
  duration: ['P1D'],
  email: ['a@example.com'],
  'idn-email': ['a@example.com'],
  hostname: ['example.com'],
  'idn-hostname': ['example.com'],
  ipv4: ['127.0.0.1'],
  ipv6: ['::1'],
  cidrv4: ['10.0.0.0/8'],
  cidrv6: ['::/0'],
  uri: ['https://example.com'],
  'uri-reference': ['https://example.com'],
  iri: ['https://example.com'],
  'iri-reference': ['https://example.com'],
  'uri-template': ['https://example.com/{id}'],
  url: ['https://example.com'],
  uuid: ['00000000-0000-4000-8000-000000000000'],
  guid: ['00000000-0000-4000-8000-000000000000'],
  'json-pointer': ['/a'],
  'relative-json-pointer': ['0'],
  regex: ['a'],
  base64: ['YQ=='],
  base64url: ['YQ'],
  nanoid: ['V1StGXR8_Z5jdHi6B-myT'],
  cuid: ['cjld2cjxh0000qzrmn831i7rn'],
  cuid2: ['tz4a98xxat96iws9zmbrgj3a'],
  ulid: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  xid: ['9m4e2mr0ui3e8a215n4g'],
  ksuid: ['0ujtsYcgvSTl8PAuAdqWYSMnLOv'],
  emoji: ['😀'],
  jwt: ['eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo'],
  hex: ['0'],
  e164: ['+15555550100'],
  lowercase: ['a'],
  uppercase: ['A'],
};
