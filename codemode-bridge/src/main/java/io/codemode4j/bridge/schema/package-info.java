/**
 * Schemas and declarations: {@link io.codemode4j.bridge.schema.JsonSchemas} derives a tool's JSON
 * Schemas from records (with {@link io.codemode4j.bridge.schema.Description}), {@link
 * io.codemode4j.bridge.schema.TypeScriptDeclarations} writes the TypeScript a model reads, and
 * {@link io.codemode4j.bridge.schema.DescribeOptions} bounds what {@code CodeMode.describe}
 * returns, which refuses with a {@link io.codemode4j.bridge.schema.CodeModeDescriptionException}.
 * Validating instances against a schema is the broker's, and internal.
 */
@NullMarked
package io.codemode4j.bridge.schema;

import org.jspecify.annotations.NullMarked;
