/**
 * The warehouse API: a {@link io.codemode4j.warehouse.Warehouse} is an SQL allowlist plus a JDBC
 * backend (a {@code DataSource}, a {@code HikariConfig} or a URL), with the host's notes on its
 * tables; {@link io.codemode4j.warehouse.WarehouseTools} gives it to Code Mode as {@code
 * warehouse.query} and {@code warehouse.tables}; {@link io.codemode4j.warehouse.ScopedWarehouse}
 * and {@link io.codemode4j.warehouse.SqlLiterals} are what a host's own typed tools build on.
 */
@NullMarked
package io.codemode4j.warehouse;

import org.jspecify.annotations.NullMarked;
