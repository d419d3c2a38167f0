/**
 * The SQL allowlist's API: {@link io.codemode4j.sql.SqlAllowlist} and its builder approve one
 * analyst query under a {@link io.codemode4j.sql.QueryPolicy} (a {@link io.codemode4j.sql.Tenant}
 * and a row limit) into an {@link io.codemode4j.sql.ApprovedQuery}, or refuse it with a {@link
 * io.codemode4j.sql.SqlRefusedException} whose {@link io.codemode4j.sql.SqlRefusal} names a {@link
 * io.codemode4j.sql.RefusalReason}; each table is limited to a tenant's rows by its {@link
 * io.codemode4j.sql.TenantScope}.
 *
 * <p>Decided: the module is split so that a user imports only this package and {@code dialect}
 * (which engine the approved SQL is rendered for). The parser, the fail-closed walker, the
 * rewriting passes and the renderer lie under {@code internal}, public only where this package or
 * {@code dialect} calls them; no other module may use them, which an ArchUnit test in the {@code
 * cli} module enforces.
 */
@NullMarked
package io.codemode4j.sql;

import org.jspecify.annotations.NullMarked;
