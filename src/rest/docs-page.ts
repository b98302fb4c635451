// The API docs page: Swagger UI rendering the service's OpenAPI document, with its assets served by the
// service itself (no CDN), so it works offline.
export function docsPage(openApiUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Inventory API v1 — documentation</title>
  <link rel="stylesheet" href="/assets/swagger-ui/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/assets/swagger-ui/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({ url: ${JSON.stringify(openApiUrl)}, dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });
  </script>
</body>
</html>
`;
}
