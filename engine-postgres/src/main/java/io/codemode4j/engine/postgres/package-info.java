/**
 * PostgreSQL's SQL as a dialect of the allowlist ({@link
 * io.codemode4j.engine.postgres.PostgresSql#dialect}), defined with sql-allowlist's public API
 * alone, so that this package moves unchanged into the engine's own module.
 */
@NullMarked
package io.codemode4j.engine.postgres;

import org.jspecify.annotations.NullMarked;
