import type { components, operations } from "./schema";

/** A schema of the API's OpenAPI document, as generated into schema.d.ts (`make client`). */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

/** The query parameters of an API operation (by its operationId), as generated. */
export type QueryOf<Operation extends keyof operations> = NonNullable<operations[Operation]["parameters"]["query"]>;
