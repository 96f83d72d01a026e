import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-responses';
import { IDEMPOTENCY_KEY_HEADER } from '../common/idempotency/idempotent-writes';

/** The operations that take an Idempotency-Key (see idempotentWrites). */
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/**
 * Documents `Idempotency-Key` once (components.parameters) and refers to it from every write
 * operation, with the answers it adds.
 */
function withIdempotencyKeys(document: OpenAPIObject): OpenAPIObject {
  document.components = {
    ...document.components,
    parameters: {
      ...document.components?.parameters,
      IdempotencyKey: {
        name: IDEMPOTENCY_KEY_HEADER,
        in: 'header',
        required: false,
        description:
          'One key per change the client means to make (a UUID): a retry with the same key gets the first answer again, with `Idempotent-Replayed: true`, and changes nothing. Kept 24 hours per caller, method and path. The same key with another body is 422, a retry while the first is running 409, a malformed key 400.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    },
  };
  for (const item of Object.values(document.paths)) {
    for (const method of WRITE_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.parameters = [
        ...(operation.parameters ?? []),
        { $ref: '#/components/parameters/IdempotencyKey' },
      ];
    }
  }
  return document;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Service Critic API')
    .setDescription(
      'Reviews of delivery and logistics services. Errors are JSON `{statusCode, code, error, details?}`.',
    )
    .setVersion('1.0')
    .addServer('/', 'This origin')
    .addGlobalResponse({
      status: 503,
      description:
        'Storage too slow or unreachable, request past its deadline, or too many requests at once; try again after Retry-After seconds',
      type: ApiErrorDto,
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    })
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .build();
  return withIdempotencyKeys(
    SwaggerModule.createDocument(app, config, {
      operationIdFactory: (_controllerKey, methodKey) => methodKey,
    }),
  );
}

/** Swagger UI at /api/docs and the JSON document at /api/docs-json. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Service Critic API',
  });
}
