import path from 'node:path';
import { Router } from 'express';
import { API_DOCS_PATH, OPENAPI_DOCUMENT_PATH } from '@study/contracts';
import openApiDocument from '@study/contracts/openapi.json';

/** Swagger UI's files (swagger-ui-dist), served as they ship. */
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;

function swaggerUiFolder(): string {
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Personality genetics study: API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
<main id="api-docs" aria-label="API documentation"></main>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/docs-init.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script: the gateway's CSP allows scripts from this origin only.
const INIT = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_DOCUMENT_PATH)}, dom_id: '#api-docs', deepLinking: true, tryItOutEnabled: false, supportedSubmitMethods: [] });
});
`;

/**
 * The API's documentation: the OpenAPI 3.1 document made from the route definitions
 * (@study/contracts, committed as openapi.json) and a page to browse it. Answered by the gateway
 * itself, ahead of the routes it forwards.
 */
export function apiDocsRoute(): Router {
  const router = Router();
  const document = JSON.stringify(openApiDocument);
  router.get(OPENAPI_DOCUMENT_PATH, (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/json').send(document);
  });
  router.get(API_DOCS_PATH, (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('html').send(PAGE);
  });
  router.get(`${API_DOCS_PATH}/docs-init.js`, (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/javascript').send(INIT);
  });
  const folder = swaggerUiFolder();
  for (const file of SWAGGER_UI_FILES) {
    router.get(`${API_DOCS_PATH}/${file}`, (_req, res, next) => {
      res.sendFile(path.join(folder, file), { maxAge: '1h' }, (err) => err && next(err));
    });
  }
  return router;
}
