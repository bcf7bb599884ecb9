/**
 * The part of an OpenAPI 3.0 document the fuzzer reads: operations,
 * their parameters, request bodies and documented responses, with JSON Schemas in the subset
 * @fastify/swagger + fastify-type-provider-zod emit.
 */

/** A JSON value as it goes on the wire. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The JSON Schema keywords the document uses (OpenAPI 3.0 flavour: `nullable`, boolean `exclusive*`). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: Json[];
  const?: Json;
  default?: Json;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  description?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface DocumentedResponse {
  /** Content type → schema (absent when the response documents no body). */
  content: Record<string, JsonSchema | undefined>;
}

export interface Operation {
  /** `GET /api/orders/{id}`: the operation as the document names it. */
  id: string;
  method: string;
  /** OpenAPI path with `{name}` parameters. */
  path: string;
  parameters: Parameter[];
  body: { required: boolean; contentTypes: string[]; schema: JsonSchema } | null;
  /** Status key (`200`, `4XX`, `default`) → response. */
  responses: Record<string, DocumentedResponse>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Inlines `#/components/schemas/…` references (the document has none today; a schema that refers
 * to itself is cut at `depth` with an empty schema, which accepts anything).
 */
export function dereference(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  depth = 0,
): JsonSchema {
  if (depth > 8) return {};
  if (schema.$ref) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? components[decodeURIComponent(name)] : undefined;
    if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`);
    return dereference(target, components, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  const inline = (s: JsonSchema) => dereference(s, components, depth + 1);
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, inline(value)]),
    );
  }
  if (isObject(schema.additionalProperties)) {
    out.additionalProperties = inline(schema.additionalProperties);
  }
  if (schema.items) out.items = inline(schema.items);
  if (schema.anyOf) out.anyOf = schema.anyOf.map(inline);
  if (schema.oneOf) out.oneOf = schema.oneOf.map(inline);
  if (schema.allOf) out.allOf = schema.allOf.map(inline);
  return out;
}

/** Every operation of the document, in document order. */
export function readOperations(document: OpenApiDocument): Operation[] {
  const components = document.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!isObject(raw)) continue;
      const parameters = (Array.isArray(raw.parameters) ? raw.parameters : []).filter(isObject).map(
        (p): Parameter => ({
          name: String(p.name),
          in: p.in as Parameter['in'],
          required: p.required === true,
          schema: dereference(isObject(p.schema) ? (p.schema as JsonSchema) : {}, components),
        }),
      );
      let body: Operation['body'] = null;
      if (isObject(raw.requestBody) && isObject(raw.requestBody.content)) {
        const content = raw.requestBody.content as Record<string, { schema?: JsonSchema }>;
        const contentTypes = Object.keys(content);
        const first = contentTypes[0];
        body = {
          required: raw.requestBody.required === true,
          contentTypes,
          schema: dereference((first && content[first]?.schema) || {}, components),
        };
      }
      const responses: Record<string, DocumentedResponse> = {};
      if (isObject(raw.responses)) {
        for (const [status, response] of Object.entries(raw.responses)) {
          const content: Record<string, JsonSchema | undefined> = {};
          if (isObject(response) && isObject(response.content)) {
            for (const [type, media] of Object.entries(response.content)) {
              const schema = isObject(media) && isObject(media.schema) ? media.schema : undefined;
              content[type] = schema ? dereference(schema as JsonSchema, components) : undefined;
            }
          }
          responses[status] = { content };
        }
      }
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        responses,
      });
    }
  }
  return operations;
}

/** The documented response that covers a status: exact key, then `4XX`-style ranges, then `default`. */
export function documentedResponse(
  operation: Operation,
  status: number,
): DocumentedResponse | undefined {
  return (
    operation.responses[String(status)] ??
    operation.responses[`${String(status)[0]}XX`] ??
    operation.responses.default
  );
}

/**
 * The OpenAPI 3.0 schema as draft-07 JSON Schema for Ajv: boolean `exclusiveMinimum` /
 * `exclusiveMaximum` become numbers, `nullable` becomes a `null` type.
 */
export function toDraft7(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'exclusiveMinimum' || key === 'exclusiveMaximum') continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, toDraft7(v)]),
      );
    } else if (key === 'additionalProperties' && isObject(value)) {
      out.additionalProperties = toDraft7(value as JsonSchema);
    } else if (key === 'items' && isObject(value)) {
      out.items = toDraft7(value as JsonSchema);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      out[key] = (value as JsonSchema[]).map(toDraft7);
    } else {
      out[key] = value;
    }
  }
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    const flag = schema[exclusive];
    if (typeof flag === 'number') out[exclusive] = flag;
    else if (flag === true && typeof schema[bound] === 'number') {
      out[exclusive] = schema[bound];
      delete out[bound];
    }
  }
  if (schema.nullable) {
    if (typeof schema.type === 'string') out.type = [schema.type, 'null'];
    else if (Array.isArray(schema.type)) out.type = [...schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null))
      out.enum = [...schema.enum, null];
    if (!schema.type && !schema.enum) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
