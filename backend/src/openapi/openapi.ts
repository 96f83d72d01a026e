import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-responses';

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
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
  });
}

/** Swagger UI at /api/docs and the JSON document at /api/docs-json. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Service Critic API',
  });
}
