// The public API's OpenAPI 3.1 document, written from the zod schemas of public-api.ts and
// errors.ts (z.toJSONSchema), so it cannot drift from what the server validates and answers.
import { z } from 'zod';
import { apiError } from './errors.ts';
import { detectFacesResponse } from './face-picker.ts';
import { v1CreateSwapJson, v1CreateSwapMultipart, v1DetectFacesMultipart, v1SavedFaceList, v1Swap, v1SwapPage } from './public-api.ts';

export const V1_BASE = '/app/api/v1';

type Method = 'get' | 'post' | 'delete';
interface Operation {
  method: Method;
  /** OpenAPI path template, `{id}` style. */
  path: string;
  operationId: string;
  summary: string;
  /** Public: no key needed (the document itself). */
  public?: boolean;
  idempotent?: boolean;
  params?: Array<{ name: string; in: 'path' | 'query'; schema: Record<string, unknown>; required?: boolean; description: string }>;
  body?: Record<string, z.ZodType>;
  /** Status → JSON schema of the answer, an image, or nothing. */
  ok: { status: number; json?: z.ZodType; image?: true; video?: true; description: string };
}

const uuidParam = (name: string, description: string) => ({ name, in: 'path' as const, required: true, schema: { type: 'string', format: 'uuid' }, description });
const idParam = uuidParam('id', 'The swap id.');

/** Every operation under /app/api/v1; the server's test fails on a registered route missing here. */
export const V1_OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/openapi.json', operationId: 'getOpenApi', summary: 'This document', public: true, ok: { status: 200, description: 'The OpenAPI 3.1 document.' } },
  {
    method: 'post',
    path: '/swaps',
    operationId: 'createSwap',
    summary: 'Create an image swap',
    idempotent: true,
    body: { 'multipart/form-data': v1CreateSwapMultipart, 'application/json': v1CreateSwapJson },
    ok: { status: 202, json: v1Swap, description: 'The swap, queued. Counted against your allowance.' },
  },
  {
    method: 'get',
    path: '/swaps',
    operationId: 'listSwaps',
    summary: 'List your swaps, newest first',
    params: [
      { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'nextCursor of the previous page.' },
      { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, description: 'Swaps per page.' },
    ],
    ok: { status: 200, json: v1SwapPage, description: 'One page of swaps.' },
  },
  { method: 'get', path: '/swaps/{id}', operationId: 'getSwap', summary: 'Read a swap: status, progress, result', params: [idParam], ok: { status: 200, json: v1Swap, description: 'The swap.' } },
  { method: 'delete', path: '/swaps/{id}', operationId: 'deleteSwap', summary: 'Delete a finished swap and its files', params: [idParam], ok: { status: 204, description: 'Deleted.' } },
  { method: 'get', path: '/swaps/{id}/result', operationId: 'getSwapResult', summary: 'Download the result (JPEG, or MP4 for a video swap)', params: [idParam], ok: { status: 200, image: true, video: true, description: 'The labelled result image, or a video swap’s MP4 (byte ranges accepted).' } },
  { method: 'get', path: '/swaps/{id}/thumb', operationId: 'getSwapThumb', summary: 'Download the thumbnail', params: [idParam], ok: { status: 200, image: true, description: 'The thumbnail (WebP or JPEG).' } },
  {
    method: 'post',
    path: '/faces/detect',
    operationId: 'detectFaces',
    summary: 'List the faces of a photo, to choose which to swap',
    body: { 'multipart/form-data': v1DetectFacesMultipart },
    ok: { status: 200, json: detectFacesResponse, description: 'The photo\'s upright size and its faces, largest first: a face\'s index is its place here. Boxes are [x, y, width, height] in the photo\'s pixels.' },
  },
  { method: 'get', path: '/faces', operationId: 'listSavedFaces', summary: 'List your saved faces', ok: { status: 200, json: v1SavedFaceList, description: 'Your saved faces, oldest first.' } },
  {
    method: 'get',
    path: '/faces/{id}/photos/{photoId}',
    operationId: 'getSavedFacePhoto',
    summary: 'Download a saved face\'s photo',
    params: [uuidParam('id', 'The saved face id.'), uuidParam('photoId', 'The photo id.')],
    ok: { status: 200, image: true, description: 'The photo as stored (JPEG).' },
  },
];

const header = (description: string, type = 'integer') => ({ description, schema: { type } });
const RATE_HEADERS = {
  'RateLimit-Limit': header('Requests allowed per window for this key.'),
  'RateLimit-Remaining': header('Requests left in the current window.'),
  'RateLimit-Reset': header('Seconds until the window resets.'),
};

const CREATE_HEADERS = {
  Location: header('The new swap, to read it.', 'string'),
  'Idempotent-Replayed': header('`true` when this is the stored first answer to the same Idempotency-Key.', 'string'),
};

function errorResponse(description: string, extra: Record<string, unknown> = {}) {
  return { description, headers: extra, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

const schemaOf = (s: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

/** The response JSON schema of an operation, as the document states it (for tests and clients). */
export function operationOf(method: string, path: string): Operation | undefined {
  return V1_OPERATIONS.find((o) => o.method === method.toLowerCase() && o.path === path);
}

export function buildOpenApiDocument(serverUrl = '/'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of V1_OPERATIONS) {
    const responses: Record<string, unknown> = {
      [String(op.ok.status)]: {
        description: op.ok.description,
        headers: op.public ? {} : { ...RATE_HEADERS, ...(op.idempotent ? CREATE_HEADERS : {}) },
        ...(op.ok.json ? { content: { 'application/json': { schema: schemaOf(op.ok.json, 'output') } } } : {}),
        ...(op.ok.image
          ? {
              content: {
                'image/jpeg': { schema: { type: 'string', format: 'binary' } },
                'image/webp': { schema: { type: 'string', format: 'binary' } },
                ...(op.ok.video ? { 'video/mp4': { schema: { type: 'string', format: 'binary' } } } : {}),
              },
            }
          : {}),
      },
    };
    if (!op.public) {
      responses['400'] = errorResponse('The request is not valid (code names the problem).');
      responses['401'] = errorResponse('Missing, unknown or revoked API key (code `invalid_api_key`).');
      responses['429'] = errorResponse('Too many requests for this key (code `rate_limited`).', { 'Retry-After': header('Seconds to wait.') , ...RATE_HEADERS });
      if (op.params?.some((p) => p.in === 'path')) responses['404'] = errorResponse(op.path.startsWith('/faces') ? 'No such saved face or photo of yours.' : 'No such swap of yours.');
    }
    if (op.body?.['multipart/form-data']) {
      responses['413'] = errorResponse('A file is over 10 MB.');
      responses['415'] = errorResponse('A file is not a JPEG or PNG image.');
    }
    if (op.idempotent) {
      responses['402'] = errorResponse('Your plan\'s allowance is used up.');
      responses['404'] = errorResponse('An id the request names is not one of yours: an earlier swap (`not_found`) or a saved face (`unknown_face`).');
      responses['409'] = errorResponse('The Idempotency-Key was used with another request (`idempotency_key_reused`) or that request is still running (`idempotency_key_in_progress`).');
      responses['422'] = errorResponse('A photo was refused (for example explicit content).');
    }
    if (op.method === 'delete') responses['409'] = errorResponse('The swap is still running (`swap_in_progress`).');
    const parameters: unknown[] = [...(op.params ?? [])];
    if (op.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: 255 },
        description: 'Send the same key to retry safely: within 24 hours the same request answers with the first answer (status and body); another request with this key answers 409.',
      });
    }
    const operation: Record<string, unknown> = {
      operationId: op.operationId,
      summary: op.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: Object.fromEntries(Object.entries(op.body).map(([type, s]) => [type, { schema: schemaOf(s, 'input') }])) } } : {}),
      responses,
      ...(op.public ? { security: [] } : {}),
    };
    (paths[`${V1_BASE}${op.path}`] ??= {})[op.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Visage API',
      version: '1.0.0',
      description:
        'Create face swaps from your own programs. Create a key on your account page and send it as `Authorization: Bearer <key>`. A key acts as your account, within your plan and allowance, and reaches only these routes. Every error answers `{ "error": { "code", "message" } }` with a stable code.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'vsk_…', description: 'An API key from your account page.' } },
      schemas: { Error: schemaOf(apiError, 'output') },
    },
    paths,
  };
}
